"""recsys/train/bag_stats.py: embedding-bag encoder of the candidate generator; the step
reports the mean bag norm, averaged over the batch and table axes of the mesh.
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

RULES = [("batch", "batch"), ("vocab", "table"), ("emb", None), ("bag", None)]
STAT_LOGICAL = ("batch",)


class EmbeddingBag(Module):
    vocab: int
    dim: int

    @compact
    def __call__(self, bags, axis=None):
        table = self.param("bag_table", with_partitioning(jax.nn.initializers.normal(0.2), ("vocab", "emb")),
                           (self.vocab, self.dim))
        if axis is None:
            return jnp.sum(table[bags], axis=1)
        n = table.shape[0]
        local = bags - jax.lax.axis_index(axis) * n
        inside = ((local >= 0) & (local < n))[..., None]
        part = jnp.sum(jnp.where(inside, table[jnp.clip(local, 0, n - 1)], 0.0), axis=1)
        return jax.lax.psum(part, axis)


def make_step(model):
    table_axis, batch_axis = logical_to_mesh_axes(("vocab", "batch"))
    stat_axes = logical_to_mesh_axes(STAT_LOGICAL)

    def step(params, bags, y):
        def loss_fn(p):
            pooled = model.apply({"params": p}, bags, table_axis)
            return jnp.mean((jnp.sum(pooled, -1) - y) ** 2), pooled

        (loss, pooled), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = jax.tree.map(lambda p, d: p - 0.05 * d, params, g)
        norm = jax.lax.pmean(jnp.mean(jnp.linalg.norm(pooled, axis=-1)), stat_axes)
        return params, jax.lax.pmean(loss, batch_axis), norm

    return step


def inputs():
    rng = np.random.default_rng(45)
    bags = rng.integers(0, 48, size=(8, 6)).astype(np.int32)
    return bags, rng.normal(size=(8,)).astype(np.float32)


def main(bags, y):
    mesh = jax.make_mesh((2, 4), ("batch", "table"))
    model = EmbeddingBag(vocab=48, dim=4)
    variables = model.init(jax.random.key(5), jnp.asarray(bags))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        b_spec = P(*logical_to_mesh_axes(("batch", "bag")))
        y_spec = P(*logical_to_mesh_axes(("batch",)))
        step = jax.jit(jax.shard_map(make_step(model), mesh=mesh, in_specs=(specs, b_spec, y_spec),
                                     out_specs=(specs, P(), P())))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        b = jax.device_put(bags, NamedSharding(mesh, b_spec))
        t = jax.device_put(y, NamedSharding(mesh, y_spec))
        for i in range(3):
            params, loss, norm = step(params, b, t)
            print(i, float(loss), float(norm))
    return params


if __name__ == "__main__":
    main(*inputs())
