"""recsys/serve/full_softmax.py: next-item model served with a full softmax over the catalogue.
Scores are gathered from the item shards so every device holds the whole row; the row is then
sharpened with the serving temperature.
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

RULES = [("batch", "batch"), ("vocab", "table"), ("emb", None)]
SERVING = {"temperature": 0.7, "top_k": 3}


class NextItem(Module):
    items: int
    dim: int

    @compact
    def __call__(self, history):
        out_emb = self.param("out_embedding", with_partitioning(jax.nn.initializers.normal(0.5), ("vocab", "emb")),
                             (self.items, self.dim))
        proj = self.param("proj", with_partitioning(jax.nn.initializers.orthogonal(), ("emb", "emb")),
                          (self.dim, self.dim))
        state = jnp.tanh(jnp.mean(history, axis=1) @ proj)
        return state @ out_emb.T


def serve_fn(model, temperature):
    (item_axis,) = logical_to_mesh_axes(("vocab",))

    def serve(params, history):
        local = model.apply({"params": params}, history)
        scores = jax.lax.all_gather(local, item_axis, axis=1, tiled=True, to="reduced")
        probs = jnp.exp(scores / temperature)
        return probs

    return serve


def inputs():
    rng = np.random.default_rng(46)
    return rng.normal(size=(4, 5, 6)).astype(np.float32), 40


def main(history, items):
    mesh = jax.make_mesh((2, 4), ("batch", "table"))
    model = NextItem(items=items, dim=6)
    variables = model.init(jax.random.key(6), jnp.asarray(history))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        h_spec = P(*logical_to_mesh_axes(("batch", None, "emb")))
        out = P(logical_to_mesh_axes(("batch",))[0], None, reduced={"table"})
        run = jax.jit(jax.shard_map(serve_fn(model, SERVING["temperature"]), mesh=mesh,
                                    in_specs=(specs, h_spec), out_specs=out))
    params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
              for k, v in unbox(variables["params"]).items()}
    probs = np.asarray(run(params, jax.device_put(history, NamedSharding(mesh, h_spec))))
    top = np.argsort(-probs, axis=1)[:, :SERVING["top_k"]]
    print(top)
    return probs


if __name__ == "__main__":
    main(*inputs())
