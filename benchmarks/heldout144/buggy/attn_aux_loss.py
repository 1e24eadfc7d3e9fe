"""encoder/train/attn_zloss_step.py: attention block trained with an auxiliary z-loss on the
attention logits; the z-loss is averaged over all devices of the mesh before it is added.
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

RULES = [("batch", "fsdp"), ("embed", "fsdp"), ("heads", "tensor"), ("kv", None), ("length", None)]
Z_WEIGHT = 1e-3


class Attn(Module):
    heads: int
    head_dim: int

    def setup(self):
        init = jax.nn.initializers.normal(0.1)
        e = self.embed_dim
        self.wqk = self.param("wqk", with_partitioning(init, ("embed", "heads", "kv")), (e, 2 * self.heads, self.head_dim))
        self.wv = self.param("wv", with_partitioning(init, ("embed", "heads", "kv")), (e, self.heads, self.head_dim))
        self.wo = self.param("wo", with_partitioning(init, ("heads", "kv", "embed")), (self.heads, self.head_dim, e))

    embed_dim: int = 8

    def __call__(self, x, tp_axis=None):
        q, k = jnp.split(jnp.einsum("bse,ehd->bshd", x, self.wqk), 2, axis=2)
        v = jnp.einsum("bse,ehd->bshd", x, self.wv)
        logits = jnp.einsum("bshd,bthd->bhst", q, k)
        z = jnp.mean(jax.nn.logsumexp(logits, axis=-1) ** 2)
        y = jnp.einsum("bhst,bthd,hde->bse", jax.nn.softmax(logits, -1), v, self.wo)
        if tp_axis is not None:
            y, z = jax.lax.psum(y, tp_axis), jax.lax.pmean(z, tp_axis)
        return y, z


def gather_fsdp(params, specs, axis):
    return {k: jax.lax.all_gather(v, axis, axis=tuple(specs[k]).index(axis), tiled=True, to="reduced")
            for k, v in params.items()}


def train_step_fn(model, specs):
    fsdp, tp = logical_to_mesh_axes(("embed", "heads"))
    mesh_axes = (fsdp, tp)

    def train_step(params, x):
        def loss_fn(p):
            y, z = model.apply({"params": gather_fsdp(p, specs, fsdp)}, x, tp)
            z_all = jax.lax.pmean(z, mesh_axes)
            return jnp.mean((y - x) ** 2) + Z_WEIGHT * z_all

        loss, g = jax.value_and_grad(loss_fn)(params)
        return jax.tree.map(lambda p, d: p - 0.1 * d, params, g), jax.lax.pmean(loss, fsdp)

    return train_step


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(8, 4, 8)).astype(np.float32), 3


def main(x, steps):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    model = Attn(heads=2, head_dim=4)
    variables = model.init(jax.random.key(1), jnp.asarray(x))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        act = P(*logical_to_mesh_axes(("batch", "length", None)))
        step = jax.jit(jax.shard_map(train_step_fn(model, specs), mesh=mesh,
                                     in_specs=(specs, act), out_specs=(specs, P())))
    params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
              for k, v in unbox(variables["params"]).items()}
    xs = jax.device_put(x, NamedSharding(mesh, act))
    for i in range(steps):
        params, loss = step(params, xs)
        print(i, float(loss))
    return params


if __name__ == "__main__":
    main(*inputs())
