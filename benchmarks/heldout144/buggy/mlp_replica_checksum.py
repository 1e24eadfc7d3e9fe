"""classifier/train/guarded_step.py: FSDP step with a replica-consistency guard.

After the update the step re-gathers the weights and compares a checksum across the batch
replicas (silent data corruption shows up as a mismatch on one host).
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

RULES = (("batch", "data"), ("embed", "data"), ("hidden", "model"), ("out", None))


@dataclasses.dataclass(frozen=True)
class GuardConfig:
    tolerance: float = 1e-3
    replica_logical: str = "embed"


class Block(Module):
    width: int
    n_out: int

    def setup(self):
        init = jax.nn.initializers.normal(0.3)
        self.w_in = self.param("w_in", with_partitioning(init, ("embed", "hidden")), (8, self.width))
        self.w_out = self.param("w_out", with_partitioning(init, ("hidden", "out")), (self.width, self.n_out))

    def __call__(self, x):
        y = jnp.tanh(x @ self.w_in) @ self.w_out
        if self.is_initializing():
            return y
        return jax.lax.psum(y, logical_to_mesh_axes(("hidden",))[0])


def regather(params, specs, axis):
    return {k: jax.lax.all_gather(v, axis, axis=tuple(specs[k]).index(axis), tiled=True, to="reduced")
            if axis in tuple(specs[k]) else v for k, v in params.items()}


def replica_checksum(kernel, axis):
    local = jnp.sum(jnp.abs(kernel))
    total = jax.lax.psum(local, axis)
    return jnp.abs(local * jax.lax.psum(1, axis) - total)


def make_step(model, specs, cfg):
    (fsdp,) = logical_to_mesh_axes((cfg.replica_logical,))
    (batch,) = logical_to_mesh_axes(("batch",))

    def step(params, x, t):
        def loss_fn(p):
            pred = model.apply({"params": regather(p, specs, fsdp)}, x)
            return jnp.mean((pred - t) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(params)
        params = {k: params[k] - 0.1 * g[k] for k in params}
        drift = replica_checksum(regather(params, specs, fsdp)["w_in"], batch)
        return params, jax.lax.pmean(loss, batch), jax.lax.pmax(drift, (batch, "model"))

    return step


def inputs():
    rng = np.random.default_rng(7)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    t = np.stack([x[:, 0] - x[:, 1], x[:, 2] * 0.5], axis=1).astype(np.float32)
    return x, t


def main(x, t):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    model = Block(width=8, n_out=2)
    variables = model.init(jax.random.key(3), jnp.asarray(x))
    cfg = GuardConfig()
    with logical_axis_rules(RULES):
        specs = get_partition_spec(variables)
        rows = P(*logical_to_mesh_axes(("batch", None)))
        step = jax.jit(jax.shard_map(make_step(model, specs, cfg), mesh=mesh,
                                     in_specs=(specs, rows, rows), out_specs=(specs, P(), P())))
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k]))
                  for k, v in unbox(variables["params"]).items()}
        xs, ts = (jax.device_put(a, NamedSharding(mesh, rows)) for a in (x, t))
        for _ in range(3):
            params, loss, drift = step(params, xs, ts)
            if float(drift) > cfg.tolerance:
                raise RuntimeError(f"replicas disagree by {float(drift)}")
    print("loss", float(loss))
    return params


if __name__ == "__main__":
    main(*inputs())
