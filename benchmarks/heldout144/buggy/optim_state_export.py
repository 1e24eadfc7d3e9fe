"""lm/ckpt/export_opt_state.py: exports the Adam moments of the HSDP trainer for the
resharding tool; every moment is regathered whole, with the gathered mesh axes declared.
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

RULES = [("batch", ("replica", "fsdp")), ("embed", "fsdp"), ("mlp", None)]


class Block(Module):
    hidden: int

    @compact
    def __call__(self, x):
        w_up = self.param("w_up", with_partitioning(jax.nn.initializers.lecun_normal(), ("embed", "mlp")),
                          (x.shape[-1], self.hidden))
        w_down = self.param("w_down", with_partitioning(jax.nn.initializers.zeros, ("mlp", "embed")),
                            (self.hidden, x.shape[-1]))
        return x + jax.nn.relu(x @ w_up) @ w_down


def adam_init(params):
    return {"mu": jax.tree.map(jnp.zeros_like, params), "nu": jax.tree.map(jnp.zeros_like, params)}


def export_spec(spec):
    batch_axes = logical_to_mesh_axes(("batch",))[0]
    return P(*(None for _ in spec), reduced=set(batch_axes))


def export_moments(mesh, opt_state, specs):
    out = {}
    with jax.set_mesh(mesh):
        for moment, tree in opt_state.items():
            for name, arr in tree.items():
                placed = jax.device_put(arr, NamedSharding(mesh, specs[name]))
                whole = top_level_all_gather(placed, export_spec(specs[name]))
                out[f"{moment}/{name}"] = np.asarray(jax.reshard(whole, P()))
    return out


def inputs():
    rng = np.random.default_rng(73)
    return (rng.normal(size=(4, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("replica", "fsdp"))
    model = Block(hidden=12)
    variables = model.init(jax.random.key(3), jnp.asarray(x))
    params = unbox(variables["params"])
    opt_state = adam_init(params)
    opt_state["nu"] = jax.tree.map(lambda v: v * v + 1e-3, params)
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        table = export_moments(mesh, opt_state, specs)
    print(sorted(table))
    return table


if __name__ == "__main__":
    main(*inputs())
