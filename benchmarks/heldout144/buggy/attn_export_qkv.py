"""encoder/tools/to_single_host.py: loads the sharded attention weights (placed with the
training rules) and regathers each one whole for the single-host inference runtime.
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

TRAIN_RULES = (("batch", "fsdp"), ("embed", "fsdp"), ("heads", "tensor"), ("kv", None))


class Attention(Module):
    num_heads: int = 4
    head_dim: int = 8

    @compact
    def __call__(self, x):
        e = x.shape[-1]
        init = jax.nn.initializers.xavier_uniform(in_axis=0, out_axis=(1, 2))
        names = {"wq": ("embed", "heads", "kv"), "wk": ("embed", "heads", "kv"),
                 "wv": ("embed", "heads", "kv"), "wo": ("heads", "kv", "embed")}
        shapes = {"wq": (e, self.num_heads, self.head_dim), "wk": (e, self.num_heads, self.head_dim),
                  "wv": (e, self.num_heads, self.head_dim), "wo": (self.num_heads, self.head_dim, e)}
        w = {k: self.param(k, with_partitioning(init, names[k]), shapes[k]) for k in names}
        q, k, v = (jnp.einsum("se,ehd->shd", x, w[n]) for n in ("wq", "wk", "wv"))
        att = jax.nn.softmax(jnp.einsum("shd,thd->hst", q, k), axis=-1)
        return jnp.einsum("hst,thd,hde->se", att, v, w["wo"])


def whole_spec(spec):
    gathered = {a for a in spec if a is not None}
    return P(*(None for _ in spec), reduced=gathered)


@dataclasses.dataclass
class Converter:
    mesh: object
    rules: tuple

    def load(self, variables):
        with logical_axis_rules(self.rules):
            self.specs = get_partition_spec(variables)
        return {k: jax.device_put(v, NamedSharding(self.mesh, self.specs[k]))
                for k, v in unbox(variables["params"]).items()}

    def convert(self, placed):
        out = {}
        with jax.set_mesh(self.mesh):
            for name, arr in placed.items():
                whole = top_level_all_gather(arr, whole_spec(self.specs[name]))
                out[name] = np.asarray(jax.reshard(whole, P()))
        return out


def check(model, variables, host_params, x):
    ref = model.apply(variables, x)
    got = model.apply({"params": {k: jnp.asarray(v) for k, v in host_params.items()}}, x)
    return float(jnp.max(jnp.abs(ref - got)))


def inputs():
    rng = np.random.default_rng(30)
    return (rng.normal(size=(6, 16)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    model = Attention()
    variables = model.init(jax.random.key(10), jnp.asarray(x))
    conv = Converter(mesh, TRAIN_RULES)
    host = conv.convert(conv.load(variables))
    print("max abs diff", check(model, {"params": unbox(variables["params"])}, host, jnp.asarray(x)))
    return host


if __name__ == "__main__":
    main(*inputs())
