"""classifier/train/metrics_step.py: FSDP + tensor-parallel step whose metrics are averaged
over every mesh axis the logical rules name, so the number logged is the same on every host.
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

LOGICAL_RULES = [("batch", "data"), ("embed", "data"), ("mlp", "model"), ("classes", None)]


def mesh_axes_of(rules):
    return tuple(dict.fromkeys(axis for _, axis in rules if axis is not None))


class TwoLayer(Module):
    hidden: int
    classes: int

    @compact
    def __call__(self, x):
        init = jax.nn.initializers.variance_scaling(1.0, "fan_in", "normal")
        w1 = self.param("w1", with_partitioning(init, ("embed", "mlp")), (x.shape[-1], self.hidden))
        b1 = self.param("b1", with_partitioning(jax.nn.initializers.zeros, ("mlp",)), (self.hidden,))
        w2 = self.param("w2", with_partitioning(init, ("mlp", "classes")), (self.hidden, self.classes))
        logits = jax.nn.silu(x @ w1 + b1) @ w2
        if self.is_initializing():
            return logits
        return jax.lax.psum(logits, dict(LOGICAL_RULES)["mlp"])


def fsdp_view(params, specs, axis):
    out = dict(params)
    for k, spec in specs.items():
        for d, a in enumerate(spec):
            if a == axis:
                out[k] = jax.lax.all_gather(params[k], a, axis=d, tiled=True, to="reduced")
    return out


def metrics(logits, labels, axes):
    acc = jnp.mean((jnp.argmax(logits, -1) == labels).astype(jnp.float32))
    return jax.lax.pmean(acc, axes)


def make_train_step(model, specs, lr):
    fsdp = dict(LOGICAL_RULES)["embed"]
    all_axes = mesh_axes_of(LOGICAL_RULES)

    def train_step(params, x, y):
        def loss_fn(p):
            logits = model.apply({"params": fsdp_view(p, specs, fsdp)}, x)
            nll = jax.nn.logsumexp(logits, -1) - jnp.take_along_axis(logits, y[:, None], 1)[:, 0]
            return jnp.mean(nll), logits

        (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = {k: params[k] - lr * grads[k] for k in params}
        return params, {"loss": jax.lax.pmean(loss, fsdp), "acc": metrics(logits, y, fsdp)}

    return train_step


def inputs():
    rng = np.random.default_rng(21)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    y = (x @ rng.normal(size=(8, 3))).argmax(-1).astype(np.int32)
    return x, y, 0.3


def main(x, y, lr):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    model = TwoLayer(hidden=16, classes=3)
    variables = model.init(jax.random.key(2), jnp.asarray(x[:4]))
    with logical_axis_rules(LOGICAL_RULES):
        specs = get_partition_spec(variables)
        batch = P(*logical_to_mesh_axes(("batch",)))
        step = jax.jit(jax.shard_map(make_train_step(model, specs, lr), mesh=mesh,
                                     in_specs=(specs, P(batch[0], None), batch),
                                     out_specs=(specs, {"loss": P(), "acc": P()})))
    params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
              for k, v in unbox(variables["params"]).items()}
    xs = jax.device_put(x, NamedSharding(mesh, P(batch[0], None)))
    ys = jax.device_put(y, NamedSharding(mesh, batch))
    for i in range(3):
        params, m = step(params, xs, ys)
        print(i, {k: float(v) for k, v in m.items()})
    return params


if __name__ == "__main__":
    main(*inputs())
