"""longctx/layers/ring_attention.py: sequence-parallel ring attention for the long-context
encoder. Key/value blocks travel around the ring of sequence shards; the logits are soft-capped
with the RMS of all keys of the row, summed over the batch shards for a stable scale.
"""
import contextlib
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# linen_lite: the handful of flax.linen pieces this repo uses (Flax is not installed on the
# cluster image, so this is kept in sync by hand between files).
# ---------------------------------------------------------------------------------------------
class Partitioned:
    """A parameter value boxed with the logical axis name of each of its dimensions."""

    def __init__(self, value, names):
        self.value, self.names = value, tuple(names)


def with_partitioning(init_fn, names):
    def init(key, shape, dtype=jnp.float32):
        return Partitioned(init_fn(key, shape, dtype), names)
    return init


_RULES: list = []


@contextlib.contextmanager
def logical_axis_rules(rules):
    _RULES.append(list(rules))
    try:
        yield
    finally:
        _RULES.pop()


def logical_to_mesh_axes(names):
    table = dict(_RULES[-1]) if _RULES else {}
    return tuple(None if n is None else table.get(n) for n in names)


def unbox(tree):
    return {k: (v.value if isinstance(v, Partitioned) else v) for k, v in tree.items()}


def get_partition_spec(variables):
    return {k: P(*logical_to_mesh_axes(v.names)) if isinstance(v, Partitioned) else P()
            for k, v in variables["params"].items()}


class _Scope:
    def __init__(self, params, rng, path, init):
        self.params, self.rng, self.path, self.init, self.counts = params, rng, path, init, {}


_STACK: list = []
_RUNS = [0]


def compact(fn):
    fn._compact = True
    return fn


def _scoped(call):
    @functools.wraps(call)
    def wrapped(self, *args, **kwargs):
        parent = _STACK[-1]
        if self._name is None:
            kind = type(self).__name__
            n = parent.counts.get(kind, 0)
            parent.counts[kind] = n + 1
            object.__setattr__(self, "_name", f"{kind}_{n}")
        path = parent.path + ((self._name,) if self._name else ())
        _STACK.append(_Scope(parent.params, parent.rng, path, parent.init))
        try:
            if hasattr(self, "setup") and self.__dict__.get("_ready") != _RUNS[0]:
                object.__setattr__(self, "_ready", _RUNS[0])
                self.setup()
            return call(self, *args, **kwargs)
        finally:
            _STACK.pop()
    return wrapped


class Module:
    _name = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(cls)
        if "__call__" in cls.__dict__:
            cls.__call__ = _scoped(cls.__dict__["__call__"])

    def __setattr__(self, key, value):
        if isinstance(value, Module) and value._name is None:
            object.__setattr__(value, "_name", key)
        object.__setattr__(self, key, value)

    def param(self, name, init_fn, shape):
        scope = _STACK[-1]
        key = "/".join(scope.path + (name,))
        if scope.init:
            scope.rng[0], sub = jax.random.split(scope.rng[0])
            scope.params[key] = init_fn(sub, shape)
        value = scope.params[key]
        return value.value if isinstance(value, Partitioned) else value

    def is_initializing(self):
        return _STACK[-1].init

    def _run(self, params, rng, init, *args):
        object.__setattr__(self, "_name", "")
        _RUNS[0] += 1
        _STACK.append(_Scope(params, [rng], (), init))
        try:
            return self(*args)
        finally:
            _STACK.pop()

    def init(self, rng, *args):
        params = {}
        self._run(params, rng, True, *args)
        return {"params": params}

    def apply(self, variables, *args):
        return self._run(dict(variables["params"]), None, False, *args)
# ----------------------------------------------------------------------- end of linen_lite ----

RULES = [("act_batch", "data"), ("act_length", "seq"), ("stat_batch", "seq"),
         ("embed", None), ("heads", None), ("kv", None)]


class QKV(Module):
    heads: int
    head_dim: int

    @compact
    def __call__(self, x):
        init = jax.nn.initializers.lecun_normal()
        w = self.param("qkv", with_partitioning(init, ("embed", "heads", "kv")),
                       (x.shape[-1], 3 * self.heads, self.head_dim))
        q, k, v = jnp.split(jnp.einsum("bse,ehd->bshd", x, w), 3, axis=2)
        return q, k, v


def ring_attention(q, k, v, axis, size, cap):
    perm = [(i, (i + 1) % size) for i in range(size)]
    num = jnp.zeros_like(q)
    den = jnp.zeros(q.shape[:-1] + (1,), q.dtype)
    blk_k, blk_v = k, v
    for _ in range(size):
        s = jnp.einsum("bshd,bthd->bsht", q, blk_k)
        p = jnp.exp(jnp.tanh(s / cap) * 5.0)
        num = num + jnp.einsum("bsht,bthd->bshd", p, blk_v)
        den = den + jnp.sum(p, axis=-1, keepdims=True)
        blk_k = jax.lax.ppermute(blk_k, axis, perm)
        blk_v = jax.lax.ppermute(blk_v, axis, perm)
    return num / den


def key_scale(k, seq_axis, stat_axis):
    k_all = jax.lax.all_gather(k, seq_axis, axis=1, tiled=True, to="reduced")
    sq = jnp.sum(k_all * k_all)
    total = jax.lax.psum(sq, stat_axis)
    return jnp.sqrt(total)


def make_forward(model, n_seq):
    seq_axis, stat_axis = logical_to_mesh_axes(("act_length", "stat_batch"))

    def forward(params, x):
        q, k, v = model.apply({"params": params}, x)
        cap = key_scale(k, seq_axis, stat_axis)
        return ring_attention(q, k, v, seq_axis, n_seq, cap)

    return forward


def inputs():
    rng = np.random.default_rng(12)
    return rng.normal(size=(2, 16, 8)).astype(np.float32), (2, 4)


def main(x, mesh_shape):
    mesh = jax.make_mesh(mesh_shape, ("data", "seq"))
    model = QKV(heads=2, head_dim=4)
    variables = model.init(jax.random.key(6), jnp.asarray(x))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        act = P(*logical_to_mesh_axes(("act_batch", "act_length", "embed")))
        out = P(*logical_to_mesh_axes(("act_batch", "act_length", "heads", "kv")))
        fwd = jax.jit(jax.shard_map(make_forward(model, mesh_shape[1]), mesh=mesh,
                                    in_specs=(specs, act), out_specs=out))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        y = fwd(params, jax.device_put(x, NamedSharding(mesh, act)))
    print(y.shape, float(jnp.abs(y).mean()))
    return y


if __name__ == "__main__":
    main(*inputs())
