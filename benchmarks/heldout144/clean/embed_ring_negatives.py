"""recsys/train/ring_negatives.py: sampled-softmax step where the positive item vectors of
every batch shard travel around the batch ring and serve as negatives for the other shards.
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

RULES = [("batch", "batch"), ("vocab", "table"), ("emb", None), ("ids", None)]


@dataclasses.dataclass(frozen=True)
class NegConfig:
    temperature: float = 0.2
    share_positives: bool = False
    ring: bool = True


class ItemTable(Module):
    vocab: int
    dim: int

    @compact
    def __call__(self, ids, axis):
        t = self.param("table", with_partitioning(jax.nn.initializers.normal(0.3), ("vocab", "emb")),
                       (self.vocab, self.dim))
        if axis is None:
            return t[ids]
        off = ids - jax.lax.axis_index(axis) * t.shape[0]
        ok = (off >= 0) & (off < t.shape[0])
        return jax.lax.psum(jnp.where(ok[:, None], t[jnp.clip(off, 0, t.shape[0] - 1)], 0.0), axis)


def ring_scores(user, pos, axis, size):
    perm = [(i, (i + 1) % size) for i in range(size)]
    blocks, blk = [], pos
    for _ in range(size):
        blocks.append(user @ blk.T)
        blk = jax.lax.ppermute(blk, axis, perm)
    return jnp.concatenate(blocks, axis=1)


def make_step(model, cfg, n_batch):
    table_axis, batch_axis = logical_to_mesh_axes(("vocab", "batch"))

    def step(params, user, ids):
        def loss_fn(p):
            pos = model.apply({"params": p}, ids, table_axis)
            if cfg.share_positives:
                pos = jax.lax.all_gather(pos, batch_axis, axis=0, tiled=True, to="reduced")
            if cfg.ring:
                logits = ring_scores(user, pos, batch_axis, n_batch) / cfg.temperature
            else:
                logits = user @ pos.T / cfg.temperature
            labels = jnp.arange(user.shape[0])
            return jnp.mean(jax.nn.logsumexp(logits, -1) - logits[labels, labels])

        loss, g = jax.value_and_grad(loss_fn)(params)
        return {k: params[k] - 0.1 * g[k] for k in params}, jax.lax.pmean(loss, batch_axis)

    return step


def inputs():
    rng = np.random.default_rng(43)
    user = rng.normal(size=(8, 4)).astype(np.float32)
    ids = rng.permutation(32)[:8].astype(np.int32)
    return user, ids, NegConfig()


def main(user, ids, cfg):
    mesh = jax.make_mesh((2, 4), ("batch", "table"))
    model = ItemTable(vocab=32, dim=4)
    variables = model.init(jax.random.key(2), jnp.asarray(ids), None)
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        u_spec = P(*logical_to_mesh_axes(("batch", "emb")))
        i_spec = P(*logical_to_mesh_axes(("batch",)))
        step = jax.jit(jax.shard_map(make_step(model, cfg, mesh.shape["batch"]), mesh=mesh,
                                     in_specs=(specs, u_spec, i_spec), out_specs=(specs, P())))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        u = jax.device_put(user, NamedSharding(mesh, u_spec))
        i = jax.device_put(ids, NamedSharding(mesh, i_spec))
        for n in range(3):
            params, loss = step(params, u, i)
            print(n, float(loss))
    return params


if __name__ == "__main__":
    main(*inputs())
