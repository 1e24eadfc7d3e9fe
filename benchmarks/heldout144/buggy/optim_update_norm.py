"""lm/train/hsdp_step.py: hybrid-sharded (HSDP) SGD-with-momentum step: parameters split over
"fsdp", replicated over "replica", batch split over both. The step logs the update norm seen by
each fsdp shard.
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

RULES = [("batch", ("replica", "fsdp")), ("embed", "fsdp"), ("mlp", None), ("replicas", "replica")]


class FFN(Module):
    hidden: int

    @compact
    def __call__(self, x):
        init = jax.nn.initializers.lecun_normal()
        w1 = self.param("w1", with_partitioning(init, ("embed", "mlp")), (x.shape[-1], self.hidden))
        w2 = self.param("w2", with_partitioning(init, ("mlp", "embed")), (self.hidden, x.shape[-1]))
        return x + jax.nn.gelu(x @ w1) @ w2


def full_params(params, specs, axis, rep):
    return {k: jax.lax.all_gather(jax.lax.pcast(v, rep, to="varying"), axis,
                                  axis=tuple(specs[k]).index(axis), tiled=True, to="reduced")
            for k, v in params.items()}


def make_step(model, specs, lr=0.05, beta=0.9):
    fsdp, rep = logical_to_mesh_axes(("embed", "replicas"))

    def step(params, mom, x):
        def loss_fn(p):
            y = model.apply({"params": full_params(p, specs, fsdp, rep)}, x)
            return jnp.mean((y - x[:, ::-1]) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(params)
        g = jax.tree.map(lambda a: a / jax.lax.axis_size(rep), g)
        mom = jax.tree.map(lambda m, d: beta * m + d, mom, g)
        upd = jax.tree.map(lambda m: -lr * m, mom)
        params = jax.tree.map(jnp.add, params, upd)
        sq = sum(jnp.sum(u * u) for u in upd.values())
        norm = jnp.sqrt(jax.lax.psum(sq, fsdp))
        per_shard = jax.lax.all_gather(norm[None], fsdp, axis=0, tiled=True, to="reduced")
        return params, mom, jax.lax.pmean(loss, (rep, fsdp)), per_shard

    return step


def inputs():
    rng = np.random.default_rng(70)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("replica", "fsdp"))
    model = FFN(hidden=16)
    variables = model.init(jax.random.key(0), jnp.asarray(x))
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        act = P(*logical_to_mesh_axes(("batch", None)))
        step = jax.jit(jax.shard_map(make_step(model, specs), mesh=mesh, in_specs=(specs, specs, act),
                                     out_specs=(specs, specs, P(), P(None, reduced={"fsdp"}))))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        mom = jax.tree.map(jnp.zeros_like, params)
        xs = jax.device_put(x, NamedSharding(mesh, act))
        for i in range(3):
            params, mom, loss, norms = step(params, mom, xs)
            print(i, float(loss), np.asarray(norms))
    return params


if __name__ == "__main__":
    main(*inputs())
