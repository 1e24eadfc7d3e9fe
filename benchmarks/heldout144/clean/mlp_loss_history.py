"""classifier/train/fsdp_step.py: one FSDP training step of the tabular MLP classifier.

Parameters are created by the linen-style modules with logical axis names; the mesh rules map
"embed" to the FSDP axis and "mlp" to the tensor axis. The step also keeps a per-shard loss
history for the dashboard.
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

MESH_SHAPE = {"data": 4, "model": 2}
RULES = [("batch", "data"), ("embed", "data"), ("mlp", "model"), ("classes", None)]


def mesh_axis(logical):
    return dict(RULES)[logical]


class Dense(Module):
    features: int
    axes: tuple = ("embed", "mlp")

    @compact
    def __call__(self, x):
        init = with_partitioning(jax.nn.initializers.lecun_normal(), self.axes)
        kernel = self.param("kernel", init, (x.shape[-1], self.features))
        return x @ kernel


class MLP(Module):
    hidden: int
    classes: int

    def setup(self):
        self.up = Dense(self.hidden, ("embed", "mlp"))
        self.down = Dense(self.classes, ("mlp", "classes"))

    def __call__(self, x):
        h = jax.nn.gelu(self.up(x))
        logits = self.down(h)
        if self.is_initializing():
            return logits
        return jax.lax.psum(logits, mesh_axis("mlp"))


def gather_fsdp(params, specs):
    fsdp = mesh_axis("embed")
    full = {}
    for name, value in params.items():
        for dim, axis in enumerate(specs[name]):
            if axis == fsdp:
                value = jax.lax.all_gather(value, fsdp, axis=dim, tiled=True, to="reduced")
        full[name] = value
    return full


def cross_entropy(logits, labels):
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def make_step(model, specs, lr):
    batch_axis = mesh_axis("batch")

    def step(params, x, y):
        def loss_fn(p):
            return cross_entropy(model.apply({"params": gather_fsdp(p, specs)}, x), y)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        new = {k: params[k] - lr * grads[k] for k in params}
        loss = jax.lax.pmean(loss, batch_axis)
        history = jax.lax.all_gather(jax.lax.pcast(loss[None], batch_axis, to="varying"), batch_axis, axis=0, tiled=True, to="reduced")
        return new, loss, history

    return step


def train(mesh, model, variables, x, y, steps=3, lr=0.1):
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        data_spec = P(*logical_to_mesh_axes(("batch", None)))
        label_spec = P(*logical_to_mesh_axes(("batch",)))
    params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
              for k, v in unbox(variables["params"]).items()}
    x = jax.device_put(x, NamedSharding(mesh, data_spec))
    y = jax.device_put(y, NamedSharding(mesh, label_spec))
    step = jax.jit(jax.shard_map(
        make_step(model, specs, lr), mesh=mesh,
        in_specs=(specs, data_spec, label_spec),
        out_specs=(specs, P(), P(None, reduced={mesh_axis("batch")}))))
    losses = []
    for _ in range(steps):
        params, loss, history = step(params, x, y)
        losses.append(float(loss))
    return params, losses


def inputs():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 16)).astype(np.float32)
    y = (x[:, :4].sum(axis=1) > 0).astype(np.int32) + 2 * (x[:, 4] > 0).astype(np.int32)
    return x, y


def main(x, y):
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    model = MLP(hidden=32, classes=4)
    variables = model.init(jax.random.key(0), jnp.asarray(x[:2]))
    params, losses = train(mesh, model, variables, x, y)
    print("losses", [round(v, 4) for v in losses])
    return params


if __name__ == "__main__":
    main(*inputs())
