"""audio/encoder/context_conv.py: two-layer conv encoder with a global-context branch between
the layers (a squeeze over the whole utterance); both conv layers take their left halo from
the previous sequence shard.
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

RULES = [("batch", "batch"), ("length", "seq"), ("ch", None), ("ch_out", None), ("taps", None)]


def halo(x, pad, axis):
    n = jax.lax.axis_size(axis)
    left = jax.lax.ppermute(x[:, -pad:], axis, [(i, i + 1) for i in range(n - 1)])
    return jnp.concatenate([left, x], axis=1)


class ConvLayer(Module):
    features: int
    width: int = 3

    @compact
    def __call__(self, x, axis):
        w = self.param("kernel", with_partitioning(jax.nn.initializers.lecun_normal(), ("taps", "ch", "ch_out")),
                       (self.width, x.shape[-1], self.features))
        xp = jnp.pad(x, ((0, 0), (self.width - 1, 0), (0, 0))) if axis is None else halo(x, self.width - 1, axis)
        return sum(xp[:, i:i + x.shape[1]] @ w[i] for i in range(self.width))


class Encoder(Module):
    features: int

    def setup(self):
        self.first = ConvLayer(self.features)
        self.second = ConvLayer(self.features)

    def __call__(self, x, axis=None):
        h = jnp.tanh(self.first(x, axis))
        if axis is not None:
            h_all = jax.lax.all_gather(h, axis, axis=1, tiled=True, to="reduced")
            ctx = jnp.sum(h_all, axis=1, keepdims=True)
        else:
            ctx = jnp.sum(h, axis=1, keepdims=True)
        return self.second(h, axis), ctx


def encode_fn(model):
    (seq_axis,) = logical_to_mesh_axes(("length",))

    def encode(params, x):
        y, ctx = model.apply({"params": params}, x, seq_axis)
        return y, ctx

    return encode


def inputs():
    rng = np.random.default_rng(62)
    return (rng.normal(size=(2, 24, 2)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("batch", "seq"))
    model = Encoder(features=3)
    variables = model.init(jax.random.key(2), jnp.asarray(x))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        act = P(*logical_to_mesh_axes(("batch", "length", "ch")))
        ctx_spec = P(act[0], None, None, reduced={act[1]})
        run = jax.jit(jax.shard_map(encode_fn(model), mesh=mesh, in_specs=(specs, act),
                                    out_specs=(act, ctx_spec)))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        y, ctx = run(params, jax.device_put(x, NamedSharding(mesh, act)))
    print(y.shape, np.asarray(ctx).round(3).tolist())
    return y


if __name__ == "__main__":
    main(*inputs())
