"""classifier/train/snapshot_step.py: FSDP step of the MLP classifier that also hands back a
host-readable snapshot of the input projection every step (for the drift monitor).

The snapshot gathers the projection over the mesh axes its logical names map to.
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

RULES = [("batch", "data"), ("embed", "data"), ("mlp", "model"), ("classes", None)]
FSDP_AXIS = "data"


class Dense(Module):
    features: int
    axes: tuple

    @compact
    def __call__(self, x):
        init = with_partitioning(jax.nn.initializers.lecun_normal(), self.axes)
        return x @ self.param("kernel", init, (x.shape[-1], self.features))


class Classifier(Module):
    hidden: int
    classes: int

    @compact
    def __call__(self, x):
        h = jax.nn.relu(Dense(self.hidden, ("embed", "mlp"))(x))
        logits = Dense(self.classes, ("mlp", "classes"))(h)
        if self.is_initializing():
            return logits
        (tp,) = logical_to_mesh_axes(("mlp",))
        return jax.lax.psum(logits, tp)


def fsdp_gather(params, specs):
    out = {}
    for name, value in params.items():
        if FSDP_AXIS in tuple(specs[name]):
            dim = tuple(specs[name]).index(FSDP_AXIS)
            value = jax.lax.all_gather(value, FSDP_AXIS, axis=dim, tiled=True, to="reduced")
        out[name] = value
    return out


def snapshot(value, names):
    axes = tuple(a for a in logical_to_mesh_axes(names) if a is not None)
    return jax.lax.all_gather(value, axes, axis=0, tiled=True, to="reduced")


def build_step(model, specs, lr=0.05):
    def step(params, x, y):
        def loss_fn(p):
            logits = model.apply({"params": fsdp_gather(p, specs)}, x)
            onehot = jax.nn.one_hot(y, logits.shape[-1])
            return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), axis=-1))

        loss, grads = jax.value_and_grad(loss_fn)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        full = fsdp_gather(params, specs)
        view = snapshot(full["Dense_0/kernel"], ("embed", "mlp"))
        return params, jax.lax.pmean(loss, FSDP_AXIS), view

    return step


def inputs():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    y = np.argmax(x[:, :3], axis=1).astype(np.int32)
    return x, y, 2


def main(x, y, steps):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    model = Classifier(hidden=16, classes=3)
    variables = model.init(jax.random.key(1), jnp.asarray(x[:1]))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        row = P(*logical_to_mesh_axes(("batch", None)))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        xs = jax.device_put(x, NamedSharding(mesh, row))
        ys = jax.device_put(y, NamedSharding(mesh, P(row[0])))
        step = jax.jit(jax.shard_map(
            build_step(model, specs), mesh=mesh, in_specs=(specs, row, P(row[0])),
            out_specs=(specs, P(), P(None, None, reduced={"data", "model"}))))
        for i in range(steps):
            params, loss, view = step(params, xs, ys)
            print(i, float(loss), np.asarray(view).shape)
    return params


if __name__ == "__main__":
    main(*inputs())
