"""lm/pipeline/embed_stage.py: first pipeline stage: token embeddings are split over the
"stage" axis by vocabulary rows; the table is gathered whole, the lookup is scaled by
sqrt(d_model) as in the original Transformer.
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

RULES = [("vocab", "stage"), ("batch", "data"), ("embed", None), ("seq", None)]


class Embedder(Module):
    vocab: int
    dim: int

    def setup(self):
        self.table = self.param("embedding", with_partitioning(jax.nn.initializers.normal(1.0), ("vocab", "embed")),
                                (self.vocab, self.dim))

    def __call__(self, tokens, gather=None):
        table = self.table if gather is None else gather(self.table)
        return table[tokens]


def embed_fn(model):
    (vocab_axis,) = logical_to_mesh_axes(("vocab",))

    def whole(t):
        return jax.lax.all_gather(t, vocab_axis, axis=0, tiled=True, to="reduced")

    def embed(params, tokens):
        table = whole(params["embedding"]) * np.sqrt(model.dim)
        return jnp.take(table, tokens, axis=0)

    return embed


def inputs():
    rng = np.random.default_rng(85)
    return (rng.integers(0, 32, size=(4, 6)).astype(np.int32),)


def main(tokens):
    mesh = jax.make_mesh((4, 2), ("stage", "data"))
    model = Embedder(vocab=32, dim=4)
    variables = model.init(jax.random.key(5), jnp.asarray(tokens))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        tok = P(*logical_to_mesh_axes(("batch", "seq")))
        run = jax.jit(jax.shard_map(embed_fn(model), mesh=mesh, in_specs=(specs, tok),
                                    out_specs=P(tok[0], None, None)))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        emb = run(params, jax.device_put(tokens, NamedSharding(mesh, tok)))
    print(emb.shape, float(jnp.std(emb)))
    return emb


if __name__ == "__main__":
    main(*inputs())
