"""classifier/serve/export_head.py: after training, the classifier head is regathered on the
serving layout (tensor axis kept, FSDP axis gathered) before it is written out.

The serving layout is given as its own list of logical rules.
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

TRAIN_RULES = [("batch", "data"), ("embed", "data"), ("mlp", "model"), ("classes", None)]
SERVE_RULES = [("batch", None), ("embed", None), ("mlp", "model"), ("classes", None)]


class Head(Module):
    hidden: int
    classes: int

    @compact
    def __call__(self, x):
        w1 = self.param("w1", with_partitioning(jax.nn.initializers.glorot_uniform(), ("embed", "mlp")),
                        (x.shape[-1], self.hidden))
        w2 = self.param("w2", with_partitioning(jax.nn.initializers.glorot_uniform(), ("mlp", "classes")),
                        (self.hidden, self.classes))
        return jax.nn.relu(x @ w1) @ w2


def serving_spec(names):
    with logical_axis_rules(SERVE_RULES):
        kept = logical_to_mesh_axes(names)
        gathered = {a for a, k in zip(logical_to_mesh_axes(names), kept) if a is not None and k is None}
    return P(*kept, reduced=gathered)


def export(params, variables):
    boxes = variables["params"]
    with logical_axis_rules(TRAIN_RULES):
        return {k: np.asarray(top_level_all_gather(v, serving_spec(boxes[k].names)))
                for k, v in params.items()}


def place(mesh, params, variables):
    with logical_axis_rules(TRAIN_RULES):
        specs = get_partition_spec(variables)
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}


def fit(model, variables, x, y):
    params = unbox(variables["params"])

    @jax.jit
    def sgd(params, x, y):
        def loss_fn(p):
            logits = model.apply({"params": p}, x)
            return jnp.mean(jax.nn.logsumexp(logits, -1) - jnp.take_along_axis(logits, y[:, None], 1)[:, 0])
        g = jax.grad(loss_fn)(params)
        return jax.tree.map(lambda p, d: p - 0.2 * d, params, g)

    for _ in range(4):
        params = sgd(params, x, y)
    return params


def inputs():
    rng = np.random.default_rng(11)
    x = rng.normal(size=(24, 12)).astype(np.float32)
    y = (x[:, 0] > x[:, 1]).astype(np.int32)
    return x, y


def main(x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    model = Head(hidden=8, classes=2)
    variables = model.init(jax.random.key(5), jnp.asarray(x))
    params = fit(model, variables, jnp.asarray(x), jnp.asarray(y))
    with jax.set_mesh(mesh):
        table = export(place(mesh, params, variables), variables)
    print({k: v.shape for k, v in table.items()})
    return table


if __name__ == "__main__":
    main(*inputs())
