"""recsys/train/lookup_step.py: sharded embedding lookup for the two-tower recommender. The
table is split by vocabulary rows over the "table" axis; each step also records how often each
row shard was hit, per table shard, for the rebalancer.
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

RULES = [("batch", "batch"), ("vocab", "table"), ("emb", None), ("ids", None), ("hit_sum", "table")]


class Embed(Module):
    vocab: int
    dim: int

    @compact
    def __call__(self, ids, shard_axis=None):
        table = self.param("embedding", with_partitioning(jax.nn.initializers.normal(0.05), ("vocab", "emb")),
                           (self.vocab, self.dim))
        if shard_axis is None:
            return table[ids], jnp.ones(ids.shape, jnp.float32)
        rows = table.shape[0]
        start = jax.lax.axis_index(shard_axis) * rows
        local = ids - start
        hit = (local >= 0) & (local < rows)
        vecs = jnp.where(hit[..., None], table[jnp.clip(local, 0, rows - 1)], 0.0)
        return jax.lax.psum(vecs, shard_axis), hit.astype(jnp.float32)


def lookup_fn(model):
    table_axis, batch_axis, sum_axis = logical_to_mesh_axes(("vocab", "batch", "hit_sum"))

    def lookup(params, ids, target):
        def loss_fn(p):
            vecs, hit = model.apply({"params": p}, ids, table_axis)
            pooled = jnp.mean(vecs, axis=1)
            return jnp.mean((pooled - target) ** 2), hit

        (loss, hit), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = {k: params[k] - 0.5 * g[k] for k in params}
        hits = jax.lax.psum(jnp.sum(hit), sum_axis)
        per_shard = jax.lax.all_gather(hits[None], table_axis, axis=0, tiled=True, to="reduced")
        return params, jax.lax.pmean(loss, batch_axis), per_shard

    return lookup


def inputs():
    rng = np.random.default_rng(40)
    ids = rng.integers(0, 64, size=(8, 5)).astype(np.int32)
    target = rng.normal(size=(8, 4)).astype(np.float32)
    return ids, target


def main(ids, target):
    mesh = jax.make_mesh((2, 4), ("batch", "table"))
    model = Embed(vocab=64, dim=4)
    variables = model.init(jax.random.key(0), jnp.asarray(ids))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        id_spec = P(*logical_to_mesh_axes(("batch", "ids")))
        tgt_spec = P(*logical_to_mesh_axes(("batch", "emb")))
        step = jax.jit(jax.shard_map(lookup_fn(model), mesh=mesh, in_specs=(specs, id_spec, tgt_spec),
                                     out_specs=(specs, P(), P(None, reduced={"table"}))))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        ids_d = jax.device_put(ids, NamedSharding(mesh, id_spec))
        tgt_d = jax.device_put(target, NamedSharding(mesh, tgt_spec))
        for i in range(3):
            params, loss, hits = step(params, ids_d, tgt_d)
            print(i, float(loss), np.asarray(hits))
    return params


if __name__ == "__main__":
    main(*inputs())
