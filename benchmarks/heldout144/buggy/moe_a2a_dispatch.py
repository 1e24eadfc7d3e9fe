"""moe/layers/a2a_dispatch.py: expert-parallel MoE layer with all_to_all token dispatch.
Tokens are split over both mesh axes; a token group is first assembled on each device, then
sent to the devices holding its experts and brought back.
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

RULES = [("tokens", ("data", "expert")), ("exp", "expert"), ("embed", None), ("mlp", None),
         ("token_group", "expert")]


class ExpertFFN(Module):
    experts: int
    hidden: int

    @compact
    def __call__(self, xs):
        e = xs.shape[-1]
        w1 = self.param("w1", with_partitioning(jax.nn.initializers.normal(0.3), ("exp", "embed", "mlp")),
                        (self.experts, e, self.hidden))
        w2 = self.param("w2", with_partitioning(jax.nn.initializers.normal(0.3), ("exp", "mlp", "embed")),
                        (self.experts, self.hidden, e))
        return jnp.einsum("xch,xhe->xce", jax.nn.silu(jnp.einsum("xce,xeh->xch", xs, w1)), w2)


def dispatch_layer(model, n_exp_shards):
    group_axis, exp_axis = logical_to_mesh_axes(("token_group", "exp"))

    def layer(params, x):
        group = jax.lax.all_gather(x, group_axis, axis=0, tiled=True, to="reduced")
        buf = group.reshape(n_exp_shards, -1, group.shape[-1])
        buf = jax.lax.all_to_all(buf, exp_axis, split_axis=0, concat_axis=1, tiled=True)
        out = model.apply({"params": params}, buf.reshape(params["w1"].shape[0], -1, buf.shape[-1]))
        out = out.reshape(1, -1, out.shape[-1])
        out = jax.lax.all_to_all(out, exp_axis, split_axis=1, concat_axis=0, tiled=True)
        return out.reshape(-1, out.shape[-1])

    return layer


def inputs():
    rng = np.random.default_rng(52)
    return rng.normal(size=(32, 4)).astype(np.float32), 4


def main(x, experts):
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    model = ExpertFFN(experts=experts, hidden=6)
    variables = model.init(jax.random.key(2), jnp.asarray(x).reshape(experts, -1, x.shape[-1]))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        tok = P(*logical_to_mesh_axes(("tokens", "embed")))
        layer = jax.jit(jax.shard_map(dispatch_layer(model, mesh.shape["expert"]), mesh=mesh,
                                      in_specs=(specs, tok), out_specs=tok))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        y = layer(params, jax.device_put(x, NamedSharding(mesh, tok)))
    print(y.shape, float(jnp.abs(y).mean()))
    return y


if __name__ == "__main__":
    main(*inputs())
