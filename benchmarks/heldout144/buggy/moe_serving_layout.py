"""moe/serve/relayout.py: moves the expert weights from the training layout (experts split
over "expert") to the serving layout, where the expert dimension is whole and the hidden
dimension is split instead.
"""
import contextlib
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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

TRAIN_RULES = [("batch", "data"), ("exp", "expert"), ("embed", None), ("mlp", None)]
SERVE_RULES = [("batch", "data"), ("exp", None), ("embed", None), ("mlp", "expert")]


class ExpertMLP(Module):
    experts: int
    hidden: int

    @compact
    def __call__(self, x):
        e = x.shape[-1]
        w_in = self.param("w_in", with_partitioning(jax.nn.initializers.he_uniform(), ("exp", "embed", "mlp")),
                          (self.experts, e, self.hidden))
        w_out = self.param("w_out", with_partitioning(jax.nn.initializers.he_uniform(), ("exp", "mlp", "embed")),
                           (self.experts, self.hidden, e))
        return jnp.einsum("xbh,xhe->be", jax.nn.relu(jnp.einsum("be,xeh->xbh", x, w_in)), w_out)


def specs_under(rules, variables):
    with logical_axis_rules(rules):
        return get_partition_spec(variables)


def relayout(mesh, params, variables):
    train = specs_under(TRAIN_RULES, variables)
    serve = specs_under(SERVE_RULES, variables)
    out = {}
    with jax.set_mesh(mesh):
        for name in params:
            placed = jax.device_put(params[name], NamedSharding(mesh, train[name]))
            dropped = set(a for a in train[name] if a) - set(a for a in serve[name] if a)
            target = P(*serve[name], reduced=dropped)
            out[name] = top_level_all_gather(placed, target)
    return out


def inputs():
    rng = np.random.default_rng(53)
    return (rng.normal(size=(4, 6)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    model = ExpertMLP(experts=2, hidden=8)
    variables = model.init(jax.random.key(3), jnp.asarray(x))
    params = unbox(variables["params"])
    served = relayout(mesh, params, variables)
    for k in params:
        print(k, served[k].sharding.spec)
    return served


if __name__ == "__main__":
    main(*inputs())
