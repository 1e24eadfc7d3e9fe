"""lm/pipeline/to_tensor_parallel.py: converts the pipeline-trained stack (layers split over
"stage") to the serving layout, where the same devices split each layer's hidden dimension
instead. Serving rules are kept next to the training rules.
"""
import contextlib
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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

TRAIN_RULES = [("layers", "stage"), ("batch", "data"), ("embed", None), ("hidden", None)]
SERVE_RULES = [("layers", None), ("batch", "data"), ("embed", None), ("hidden", "stage")]


class Stack(Module):
    n_layers: int
    width: int

    @compact
    def __call__(self, h):
        w = self.param("w", with_partitioning(jax.nn.initializers.normal(0.3), ("layers", "embed", "hidden")),
                       (self.n_layers, self.width, self.width))
        for i in range(self.n_layers):
            h = jnp.tanh(h @ w[i])
        return h


def axes_under(rules, names):
    with logical_axis_rules(rules):
        return logical_to_mesh_axes(names)


def place_for_training(mesh, variables):
    params = unbox(variables["params"])
    with jax.set_mesh(mesh):
        return {name: jax.device_put(params[name], NamedSharding(mesh, P(*axes_under(TRAIN_RULES, box.names))))
                for name, box in variables["params"].items()}


def to_serving(placed, variables):
    out = {}
    for name, box in variables["params"].items():
        train = axes_under(TRAIN_RULES, box.names)
        serve = axes_under(SERVE_RULES, box.names)
        gathered = {a for a in train if a}
        whole = top_level_all_gather(placed[name], P(*(None for _ in train), reduced=gathered))
        out[name] = jax.reshard(whole, P(*serve))
    return out


def inputs():
    rng = np.random.default_rng(83)
    return (rng.normal(size=(2, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("stage", "data"))
    model = Stack(n_layers=4, width=8)
    variables = model.init(jax.random.key(3), jnp.asarray(x))
    placed = place_for_training(mesh, variables)
    with jax.set_mesh(mesh):
        served = to_serving(placed, variables)
    print({k: v.sharding.spec for k, v in served.items()})
    return served


if __name__ == "__main__":
    main(*inputs())
