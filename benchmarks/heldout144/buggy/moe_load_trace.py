"""moe/train/soft_moe_step.py: soft mixture-of-experts layer, experts split over the "expert"
mesh axis. Each step returns the global expert load, plus a trace of it per batch shard.
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

RULES = [("batch", "data"), ("exp", "expert"), ("embed", None), ("mlp", None), ("route", None)]


class SoftMoE(Module):
    experts: int
    hidden: int

    @compact
    def __call__(self, x, axis=None):
        e = x.shape[-1]
        router = self.param("router", with_partitioning(jax.nn.initializers.normal(0.1), ("embed", "route")),
                            (e, self.experts))
        w_in = self.param("w_in", with_partitioning(jax.nn.initializers.lecun_normal(), ("exp", "embed", "mlp")),
                          (self.experts, e, self.hidden))
        w_out = self.param("w_out", with_partitioning(jax.nn.initializers.lecun_normal(), ("exp", "mlp", "embed")),
                           (self.experts, self.hidden, e))
        gates = jax.nn.softmax(x @ router, axis=-1)
        if axis is not None:
            n = w_in.shape[0]
            gates = jax.lax.dynamic_slice_in_dim(gates, jax.lax.axis_index(axis) * n, n, axis=1)
        h = jax.nn.gelu(jnp.einsum("be,xeh->bxh", x, w_in))
        y = jnp.einsum("bx,bxh,xhe->be", gates, h, w_out)
        return (y if axis is None else jax.lax.psum(y, axis)), gates


def make_step(model):
    batch_axis, expert_axis = logical_to_mesh_axes(("batch", "exp"))

    def step(params, x, t):
        def loss_fn(p):
            y, gates = model.apply({"params": p}, x, expert_axis)
            return jnp.mean((y - t) ** 2), gates

        (loss, gates), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = {k: params[k] - 0.2 * g[k] for k in params}
        load = jax.lax.psum(jnp.sum(gates, axis=0), batch_axis)
        trace = jax.lax.all_gather(load, batch_axis, axis=0, tiled=False, to="reduced")
        return params, jax.lax.pmean(loss, batch_axis), trace

    return step


def inputs():
    rng = np.random.default_rng(50)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    return x, np.roll(x, 1, axis=1)


def main(x, t):
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    model = SoftMoE(experts=4, hidden=8)
    variables = model.init(jax.random.key(0), jnp.asarray(x))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        act = P(*logical_to_mesh_axes(("batch", "embed")))
        step = jax.jit(jax.shard_map(make_step(model), mesh=mesh, in_specs=(specs, act, act),
                                     out_specs=(specs, P(), P(None, "expert", reduced={"data"}))))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        xs, ts = (jax.device_put(a, NamedSharding(mesh, act)) for a in (x, t))
        for i in range(3):
            params, loss, trace = step(params, xs, ts)
            print(i, float(loss), np.asarray(trace).round(2).tolist())
    return params


if __name__ == "__main__":
    main(*inputs())
