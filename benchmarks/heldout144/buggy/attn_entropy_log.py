"""encoder/train/attn_step.py: tensor-parallel self-attention block with FSDP weights; the
step logs the mean attention entropy of every tensor shard so collapsed heads can be spotted.
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

RULES = [("batch", "fsdp"), ("embed", "fsdp"), ("heads", "tensor"), ("kv", None), ("length", None)]


class SelfAttention(Module):
    num_heads: int
    head_dim: int

    @compact
    def __call__(self, x):
        e = x.shape[-1]
        init = jax.nn.initializers.normal(e ** -0.5)
        wq = self.param("wq", with_partitioning(init, ("embed", "heads", "kv")), (e, self.num_heads, self.head_dim))
        wk = self.param("wk", with_partitioning(init, ("embed", "heads", "kv")), (e, self.num_heads, self.head_dim))
        wv = self.param("wv", with_partitioning(init, ("embed", "heads", "kv")), (e, self.num_heads, self.head_dim))
        wo = self.param("wo", with_partitioning(init, ("heads", "kv", "embed")), (self.num_heads, self.head_dim, e))
        q, k, v = (jnp.einsum("bse,ehd->bshd", x, w) for w in (wq, wk, wv))
        probs = jax.nn.softmax(jnp.einsum("bshd,bthd->bhst", q, k) / np.sqrt(self.head_dim), axis=-1)
        y = jnp.einsum("bhst,bthd,hde->bse", probs, v, wo)
        if self.is_initializing():
            return y, probs
        return jax.lax.psum(y, logical_to_mesh_axes(("heads",))[0]), probs


def gather_weights(params, specs):
    (fsdp,) = logical_to_mesh_axes(("embed",))
    return {k: jax.lax.all_gather(v, fsdp, axis=tuple(specs[k]).index(fsdp), tiled=True, to="reduced")
            for k, v in params.items()}


def entropy(probs):
    return -jnp.mean(jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1))


def build(model, specs):
    (tp,) = logical_to_mesh_axes(("heads",))
    (dp,) = logical_to_mesh_axes(("batch",))

    def step(params, x):
        def loss_fn(p):
            y, probs = model.apply({"params": gather_weights(p, specs)}, x)
            return jnp.mean((y - x) ** 2), probs

        (loss, probs), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = {k: params[k] - 0.05 * g[k] for k in params}
        ent = jax.lax.pmean(jax.lax.pmean(entropy(probs), dp), tp)
        per_shard = jax.lax.all_gather(ent[None], tp, axis=0, tiled=True, to="reduced")
        return params, jax.lax.pmean(loss, dp), per_shard

    return step


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(size=(8, 6, 16)) * 0.5).astype(np.float32), 2


def main(x, steps):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    model = SelfAttention(num_heads=4, head_dim=4)
    variables = model.init(jax.random.key(0), jnp.asarray(x[:1]))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        xspec = P(*logical_to_mesh_axes(("batch", "length", "embed_act")))
        fn = jax.jit(jax.shard_map(build(model, specs), mesh=mesh, in_specs=(specs, xspec),
                                   out_specs=(specs, P(), P(None, reduced={"tensor"}))))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        xs = jax.device_put(x, NamedSharding(mesh, xspec))
        for i in range(steps):
            params, loss, ent = fn(params, xs)
            print(i, float(loss), np.asarray(ent))
    return params


if __name__ == "__main__":
    main(*inputs())
