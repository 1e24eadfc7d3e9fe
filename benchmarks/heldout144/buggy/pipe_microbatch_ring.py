"""lm/pipeline/circular.py: circular pipeline over the "stage" axis with microbatches. The
microbatches arrive split over the stage axis; they are gathered into an inbox that rotates
around the stage ring together with the pipeline state, so stage 0 always reads slot 0.
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

RULES = [("layers", "stage"), ("micro", "stage"), ("batch", "data"), ("embed", None), ("hidden", None)]


class Layer(Module):
    n_layers: int
    width: int

    @compact
    def __call__(self, h):
        w = self.param("kernel", with_partitioning(jax.nn.initializers.normal(0.4), ("layers", "embed", "hidden")),
                       (self.n_layers, self.width, self.width))
        return jnp.tanh(h @ w[0])


def circular_fn(model, n_stages, n_micro):
    stage_axis, micro_axis = logical_to_mesh_axes(("layers", "micro"))
    ring = [(i, (i + 1) % n_stages) for i in range(n_stages)]

    def run(params, micro):
        inbox = jax.lax.all_gather(micro, micro_axis, axis=0, tiled=True, to="reduced")
        first = jax.lax.axis_index(stage_axis) == 0
        state = jnp.zeros_like(micro[0])
        outs = []
        for step in range(n_micro + n_stages - 1):
            inbox = jax.lax.ppermute(inbox, stage_axis, ring)
            if step < n_micro:
                state = jnp.where(first, inbox[step], state)
            state = model.apply({"params": params}, state)
            outs.append(state)
            state = jax.lax.ppermute(state, stage_axis, ring)
        return jnp.stack(outs[n_stages - 1:], axis=0)

    return run


def inputs():
    rng = np.random.default_rng(82)
    return (rng.normal(size=(4, 2, 6)).astype(np.float32),)


def main(micro):
    mesh = jax.make_mesh((4, 2), ("stage", "data"))
    model = Layer(n_layers=4, width=6)
    variables = model.init(jax.random.key(2), jnp.asarray(micro[0]))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        mspec = P(*logical_to_mesh_axes(("micro", "batch", "embed")))
        run = jax.jit(jax.shard_map(circular_fn(model, mesh.shape["stage"], micro.shape[0]), mesh=mesh,
                                    in_specs=(specs, mspec), out_specs=mspec))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        y = run(params, jax.device_put(micro, NamedSharding(mesh, mspec)))
    print(y.shape)
    return y


if __name__ == "__main__":
    main(*inputs())
