"""audio/train/loudness_step.py: conv encoder step with a loudness regulariser: the mean
output power per utterance, averaged over the batch and time shards of the mesh.
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

RULES = [("batch", "batch"), ("length", "seq"), ("in_ch", None), ("out_ch", None), ("taps", None)]
LOUDNESS_WEIGHT = 0.1


class DepthwiseConv(Module):
    width: int

    @compact
    def __call__(self, x, axis):
        k = self.param("dw", with_partitioning(jax.nn.initializers.uniform(0.5), ("taps", "in_ch")),
                       (self.width, x.shape[-1]))
        pad = self.width - 1
        if axis is None:
            left = jnp.zeros_like(x[:, :pad])
        else:
            n = jax.lax.axis_size(axis)
            left = jax.lax.ppermute(x[:, -pad:], axis, [(i, i + 1) for i in range(n - 1)])
        xp = jnp.concatenate([left, x], axis=1)
        return sum(xp[:, i:i + x.shape[1]] * k[i] for i in range(self.width))


def utterance_power(y, seq_axis):
    return jax.lax.psum(jnp.sum(y * y, axis=(1, 2)), seq_axis) / (y.shape[1] * jax.lax.axis_size(seq_axis))


def make_step(model):
    batch_axis, seq_axis = logical_to_mesh_axes(("batch", "length"))
    every_axis = logical_to_mesh_axes(("batch", "length"))

    def step(params, x):
        def loss_fn(p):
            y = model.apply({"params": p}, x, seq_axis)
            recon = jax.lax.pmean(jnp.mean((y - x) ** 2), seq_axis)
            loud = jax.lax.pmean(jnp.mean(utterance_power(y, seq_axis)), every_axis)
            return recon + LOUDNESS_WEIGHT * loud

        loss, g = jax.value_and_grad(loss_fn)(params)
        return {k: params[k] - 0.05 * g[k] for k in params}, jax.lax.pmean(loss, batch_axis)

    return step


def inputs():
    rng = np.random.default_rng(64)
    return (rng.normal(size=(4, 16, 3)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("batch", "seq"))
    model = DepthwiseConv(width=3)
    variables = model.init(jax.random.key(4), jnp.asarray(x), None)
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        act = P(*logical_to_mesh_axes(("batch", "length", "in_ch")))
        step = jax.jit(jax.shard_map(make_step(model), mesh=mesh, in_specs=(specs, act), out_specs=(specs, P())))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        xs = jax.device_put(x, NamedSharding(mesh, act))
        for i in range(3):
            params, loss = step(params, xs)
            print(i, float(loss))
    return params


if __name__ == "__main__":
    main(*inputs())
