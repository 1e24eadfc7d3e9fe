"""lm/pipeline/gpipe_step.py: GPipe-style forward over pipeline stages (one layer per stage,
layers stacked on a "layers" logical axis mapped to the "stage" mesh axis). Activations move
to the next stage with ppermute; the step reports the loss each stage position saw.
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

RULES = [("layers", "stage"), ("batch", "data"), ("embed", None), ("hidden", None)]


class StackedLayers(Module):
    n_layers: int
    width: int

    @compact
    def __call__(self, h, layer_index=None):
        w = self.param("w", with_partitioning(jax.nn.initializers.normal(0.3), ("layers", "embed", "hidden")),
                       (self.n_layers, self.width, self.width))
        if layer_index is None:
            for i in range(self.n_layers):
                h = jnp.tanh(h @ w[i])
            return h
        return jnp.tanh(h @ w[layer_index])


def pipeline_fn(model, n_stages):
    stage_axis, data_axis = logical_to_mesh_axes(("layers", "batch"))
    fwd = [(i, (i + 1) % n_stages) for i in range(n_stages)]

    def run(params, x, t):
        def loss_fn(p):
            h = x
            for _ in range(n_stages):
                h = model.apply({"params": p}, h, 0)
                h = jax.lax.ppermute(h, stage_axis, fwd)
            return jnp.mean((h - t) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(params)
        params = {k: params[k] - 0.1 * g[k] for k in params}
        loss = jax.lax.pmean(jax.lax.pmean(loss, data_axis), stage_axis)
        seen = jax.lax.all_gather(loss[None], stage_axis, axis=0, tiled=True, to="reduced")
        return params, loss, seen

    return run


def inputs():
    rng = np.random.default_rng(80)
    x = rng.normal(size=(8, 6)).astype(np.float32)
    return x, np.tanh(x[:, ::-1])


def main(x, t):
    mesh = jax.make_mesh((4, 2), ("stage", "data"))
    model = StackedLayers(n_layers=4, width=6)
    variables = model.init(jax.random.key(0), jnp.asarray(x))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        act = P(*logical_to_mesh_axes(("batch", "embed")))
        step = jax.jit(jax.shard_map(pipeline_fn(model, mesh.shape["stage"]), mesh=mesh,
                                     in_specs=(specs, act, act),
                                     out_specs=(specs, P(), P(None, reduced={"stage"}))))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        xs, ts = (jax.device_put(a, NamedSharding(mesh, act)) for a in (x, t))
        for i in range(3):
            params, loss, seen = step(params, xs, ts)
            print(i, float(loss))
    return params


if __name__ == "__main__":
    main(*inputs())
