"""encoder/serve/tp_decode.py: one decode step of the tensor-parallel attention block: the
query attends over a fixed cache; the per-head outputs are collected from the tensor shards
(as an invariant copy) for the head-attribution logger, and the block output is psum'd.
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

RULES = [("batch", "fsdp"), ("embed", None), ("heads", "tensor"), ("kv", None), ("length", None)]


class DecodeAttention(Module):
    heads: int
    head_dim: int

    @compact
    def __call__(self, x, cache):
        e = x.shape[-1]
        init = jax.nn.initializers.normal(e ** -0.5)
        wq = self.param("wq", with_partitioning(init, ("embed", "heads", "kv")), (e, self.heads, self.head_dim))
        wo = self.param("wo", with_partitioning(init, ("heads", "kv", "embed")), (self.heads, self.head_dim, e))
        q = jnp.einsum("be,ehd->bhd", x, wq)
        att = jax.nn.softmax(jnp.einsum("bhd,bthd->bht", q, cache) / np.sqrt(self.head_dim), axis=-1)
        per_head = jnp.einsum("bht,bthd->bhd", att, cache)
        return jnp.einsum("bhd,hde->be", per_head, wo), per_head


def decode_fn(model):
    (tp,) = logical_to_mesh_axes(("heads",))

    def decode(params, x, cache):
        y, per_head = model.apply({"params": params}, x, cache)
        heads = jax.lax.all_gather(per_head, tp, axis=1, tiled=True, to="invarying")
        return jax.lax.psum(y, tp), jnp.linalg.norm(heads, axis=-1)

    return decode


def inputs():
    rng = np.random.default_rng(91)
    x = rng.normal(size=(4, 8)).astype(np.float32)
    cache = rng.normal(size=(4, 5, 4, 2)).astype(np.float32)
    return x, cache


def main(x, cache):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    model = DecodeAttention(heads=4, head_dim=2)
    variables = model.init(jax.random.key(1), jnp.asarray(x), jnp.asarray(cache))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        xs = P(*logical_to_mesh_axes(("batch", "embed")))
        cs = P(*logical_to_mesh_axes(("batch", "length", "heads", "kv")))
        run = jax.jit(jax.shard_map(decode_fn(model), mesh=mesh, in_specs=(specs, xs, cs),
                                    out_specs=(xs, P(xs[0], None))))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        y, norms = run(params, jax.device_put(x, NamedSharding(mesh, xs)),
                       jax.device_put(cache, NamedSharding(mesh, cs)))
    print(y.shape, np.asarray(norms).round(2).tolist())
    return y


if __name__ == "__main__":
    main(*inputs())
