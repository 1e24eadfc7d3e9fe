"""classifier/train/decay_step.py: FSDP step with an L2 penalty on the input projection (a
soft feature selection on the raw columns).

The penalty is computed on the same gathered (full) kernel the forward pass uses, so each
replica adds the same number.
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

AXIS_RULES = [("batch", "data"), ("embed", "data"), ("mlp", None), ("classes", None)]
HPARAMS = {"lr": 0.1, "weight_decay": 1e-4, "hidden": 16}


class Dense(Module):
    features: int
    names: tuple

    @compact
    def __call__(self, x):
        k = self.param("kernel", with_partitioning(jax.nn.initializers.he_normal(), self.names),
                       (x.shape[-1], self.features))
        return x @ k


class Net(Module):
    hidden: int
    classes: int

    @compact
    def __call__(self, x):
        h = jax.nn.relu(Dense(self.hidden, ("embed", "mlp"))(x))
        return Dense(self.classes, ("mlp", "classes"))(h)


def gather_params(params, specs):
    axis = dict(AXIS_RULES)["embed"]
    out = {}
    for k, v in params.items():
        dims = [d for d, a in enumerate(specs[k]) if a == axis]
        out[k] = jax.lax.all_gather(v, axis, axis=dims[0], tiled=True, to="reduced") if dims else v
    return out


def input_l2(full):
    w = full["Dense_0/kernel"]
    return jnp.sum(w * w)


def step_fn(model, specs):
    batch_axis = dict(AXIS_RULES)["batch"]

    def step(params, x, y):
        def loss_fn(p):
            full = gather_params(p, specs)
            logits = model.apply({"params": full}, x)
            ce = jnp.mean(jax.nn.logsumexp(logits, -1) - jnp.take_along_axis(logits, y[:, None], 1)[:, 0])
            return ce + HPARAMS["weight_decay"] * input_l2(full)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        params = jax.tree.map(lambda p, g: p - HPARAMS["lr"] * g, params, grads)
        return params, jax.lax.pmean(loss, batch_axis)

    return step


def inputs():
    rng = np.random.default_rng(4)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    y = (np.abs(x[:, 0]) > 0.7).astype(np.int32)
    return x, y


def main(x, y):
    mesh = jax.make_mesh((8,), ("data",))
    model = Net(hidden=HPARAMS["hidden"], classes=2)
    variables = model.init(jax.random.key(9), jnp.asarray(x[:1]))
    with logical_axis_rules(AXIS_RULES):
        specs = get_partition_spec(variables)
        rows = P(*logical_to_mesh_axes(("batch", None)))
        labels = P(*logical_to_mesh_axes(("batch",)))
    params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
              for k, v in unbox(variables["params"]).items()}
    step = jax.jit(jax.shard_map(step_fn(model, specs), mesh=mesh,
                                 in_specs=(specs, rows, labels), out_specs=(specs, P())))
    xs, ys = jax.device_put(x, NamedSharding(mesh, rows)), jax.device_put(y, NamedSharding(mesh, labels))
    for i in range(3):
        params, loss = step(params, xs, ys)
        print(i, float(loss))
    return params


if __name__ == "__main__":
    main(*inputs())
