"""encoder/layers/mup_attention.py: attention block with muP scaling. The output projection
is gathered from its FSDP shards and multiplied by the width multiplier before use.
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

RULES = [("batch", "fsdp"), ("embed", "fsdp"), ("heads", "tensor"), ("kv", None)]
BASE_WIDTH = 8


@dataclasses.dataclass(frozen=True)
class MuP:
    width: int

    @property
    def output_mult(self):
        return BASE_WIDTH / self.width


class MuAttention(Module):
    heads: int
    head_dim: int

    @compact
    def __call__(self, x, wo):
        init = jax.nn.initializers.normal(x.shape[-1] ** -0.5)
        wqkv = self.param("wqkv", with_partitioning(init, ("embed", "heads", "kv")),
                          (x.shape[-1], 3 * self.heads, self.head_dim))
        q, k, v = jnp.split(jnp.einsum("bse,ehd->bshd", x, wqkv), 3, axis=2)
        att = jax.nn.softmax(jnp.einsum("bshd,bthd->bhst", q, k) / self.head_dim, axis=-1)
        return jnp.einsum("bhst,bthd,hde->bse", att, v, wo)


def make_apply(model, specs, mup):
    fsdp, tp = logical_to_mesh_axes(("embed", "heads"))

    def fwd(params, wo, x):
        qkv = jax.lax.all_gather(params["wqkv"], fsdp, axis=0, tiled=True, to="reduced")
        wo_full = jax.lax.all_gather(wo * mup.output_mult, fsdp, axis=2, tiled=True, to="reduced")
        y = model.apply({"params": {"wqkv": qkv}}, x, wo_full)
        return jax.lax.psum(y, tp)

    return fwd


def inputs():
    rng = np.random.default_rng(19)
    return rng.normal(size=(4, 3, 16)).astype(np.float32), 16


def main(x, width):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    model = MuAttention(heads=2, head_dim=4)
    dummy_wo = jnp.zeros((2, 4, x.shape[-1]))
    variables = model.init(jax.random.key(8), jnp.asarray(x), dummy_wo)
    wo = jax.random.normal(jax.random.key(9), dummy_wo.shape) * 0.1
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        wo_spec = P(*logical_to_mesh_axes(("heads", "kv", "embed")))
        act = P(*logical_to_mesh_axes(("batch", None, None)))
        fwd = jax.jit(jax.shard_map(make_apply(model, specs, MuP(width)), mesh=mesh,
                                    in_specs=(specs, wo_spec, act), out_specs=act))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        y = fwd(params, jax.device_put(wo, NamedSharding(mesh, wo_spec)),
                jax.device_put(x, NamedSharding(mesh, act)))
    print(y.shape, float(jnp.std(y)))
    return y


if __name__ == "__main__":
    main(*inputs())
