"""classifier/eval/fsdp_eval.py: evaluation pass of the FSDP classifier. Weights are gathered
from their FSDP shards; the predicted class probabilities are scaled locally and then gathered
over the batch axis so that each device holds every row for the calibration report.
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

RULES = [("batch", "data"), ("embed", "data"), ("mlp", None), ("classes", None)]
EVAL = {"temperature": 1.5}


class Dense(Module):
    features: int
    names: tuple

    @compact
    def __call__(self, x):
        k = self.param("kernel", with_partitioning(jax.nn.initializers.lecun_normal(), self.names),
                       (x.shape[-1], self.features))
        return x @ k


class Classifier(Module):
    hidden: int
    classes: int

    @compact
    def __call__(self, x):
        h = jax.nn.relu(Dense(self.hidden, ("embed", "mlp"))(x))
        return Dense(self.classes, ("mlp", "classes"))(h)


def gather_params(params, specs):
    axis = dict(RULES)["embed"]
    out = {}
    for k, v in params.items():
        dims = [d for d, a in enumerate(specs[k]) if a == axis]
        out[k] = jax.lax.all_gather(v, axis, axis=dims[0], tiled=True, to="reduced") if dims else v
    return out


def eval_fn(model, specs, temperature):
    batch_axis = dict(RULES)["batch"]

    def evaluate(params, x, y):
        logits = model.apply({"params": gather_params(params, specs)}, x)
        probs = jax.nn.softmax(logits / temperature, axis=-1)
        acc = jax.lax.pmean(jnp.mean((jnp.argmax(probs, -1) == y).astype(jnp.float32)), batch_axis)
        every = jax.lax.all_gather(probs, batch_axis, axis=0, tiled=True, to="reduced")
        return acc, every

    return evaluate


def inputs():
    rng = np.random.default_rng(90)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    return x, (x[:, 0] > 0).astype(np.int32)


def main(x, y):
    mesh = jax.make_mesh((8,), ("data",))
    model = Classifier(hidden=8, classes=2)
    variables = model.init(jax.random.key(0), jnp.asarray(x[:1]))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        rows = P(*logical_to_mesh_axes(("batch", None)))
        labels = P(*logical_to_mesh_axes(("batch",)))
    params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
              for k, v in unbox(variables["params"]).items()}
    run = jax.jit(jax.shard_map(eval_fn(model, specs, EVAL["temperature"]), mesh=mesh,
                                in_specs=(specs, rows, labels),
                                out_specs=(P(), P(None, None, reduced={"data"}))))
    acc, probs = run(params, jax.device_put(x, NamedSharding(mesh, rows)),
                     jax.device_put(y, NamedSharding(mesh, labels)))
    print(float(acc), probs.shape)
    return acc


if __name__ == "__main__":
    main(*inputs())
