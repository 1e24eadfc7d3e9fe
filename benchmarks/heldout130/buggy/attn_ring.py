"""transformer/attention/ring.py — ring attention over a sequence split on `data`.

Imagined `headsplit` repo. Each device holds a block of the sequence; key/value blocks travel
round the ring with ppermute. `prefetch_context` can hand the ring the whole context at once.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# eqx_lite: the bits of Equinox this repo uses, written out by hand (equinox is not a dependency)
# ---------------------------------------------------------------------------------------------


def field(*, static=False, **kwargs):
    """A dataclass field; static=True keeps it out of the pytree leaves (axis names, sizes)."""
    metadata = dict(kwargs.pop("metadata", None) or {})
    metadata["static"] = static
    return dataclasses.field(metadata=metadata, **kwargs)


def is_array(x):
    return isinstance(x, (jax.Array, np.ndarray, np.generic))


class Module:
    """Subclasses become frozen dataclasses registered as pytrees."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        static = tuple(n for n in names if cls.__dataclass_fields__[n].metadata.get("static"))
        dynamic = tuple(n for n in names if n not in static)

        def flatten(m):
            return tuple(getattr(m, n) for n in dynamic), tuple(getattr(m, n) for n in static)

        def unflatten(aux, children):
            m = object.__new__(cls)
            for n, v in zip(dynamic, children):
                object.__setattr__(m, n, v)
            for n, v in zip(static, aux):
                object.__setattr__(m, n, v)
            return m

        jax.tree_util.register_pytree_node(cls, flatten, unflatten)


def partition(tree, filter_spec):
    keep = jax.tree.map(lambda x: x if filter_spec(x) else None, tree)
    rest = jax.tree.map(lambda x: None if filter_spec(x) else x, tree)
    return keep, rest


def combine(a, b):
    return jax.tree.map(lambda x, y: y if x is None else x, a, b, is_leaf=lambda x: x is None)


def filter_jit(fn):
    """jit over the array leaves of the arguments; everything else is static."""
    cache = {}

    @functools.wraps(fn)
    def wrapper(*args):
        arrays, other = partition(args, is_array)
        leaves, treedef = jax.tree.flatten(other)
        key = (treedef, tuple(leaves))
        if key not in cache:
            cache[key] = jax.jit(lambda a: fn(*combine(a, other)))
        return cache[key](arrays)

    return wrapper


def tree_at(where, tree, replace):
    """Functional update of one attribute path, e.g. tree_at(lambda m: m.fc.weight, model, w)."""
    path = []

    class _Probe:
        def __getattr__(self, name):
            path.append(name)
            return self

    where(_Probe())

    def _set(node, names):
        if not names:
            return replace
        head, *rest = names
        return dataclasses.replace(node, **{head: _set(getattr(node, head), rest)})

    return _set(tree, path)


# ---------------------------------------------------------------------------------------------


class RingConfig(Module):
    seq_axis: str = field(static=True, default="data")
    size: int = field(static=True, default=8)
    prefetch_context: bool = field(static=True, default=True)


class RingAttention(Module):
    wq: jax.Array
    wkv: jax.Array
    cfg: RingConfig = field(static=True, default=RingConfig())

    @classmethod
    def init(cls, key, d_model, d_head):
        k1, k2 = jax.random.split(key)
        return cls(wq=jax.random.normal(k1, (d_model, d_head)) / np.sqrt(d_model),
                   wkv=jax.random.normal(k2, (d_model, 2 * d_head)) / np.sqrt(d_model))

    def shift(self, t):
        n = self.cfg.size
        return jax.lax.ppermute(t, self.cfg.seq_axis, perm=[(i, (i + 1) % n) for i in range(n)])

    def context(self, x):
        kv = x @ self.wkv
        if self.cfg.prefetch_context:
            kv = jax.lax.all_gather(kv, self.cfg.seq_axis, axis=0, tiled=True, to="reduced")
        return kv

    def __call__(self, x):
        q = x @ self.wq
        d = q.shape[-1]
        kv = self.context(x)
        num = jnp.zeros_like(q)
        den = jnp.zeros(q.shape[:1])
        for _ in range(self.cfg.size):
            k, v = kv[:, :d], kv[:, d:]
            s = jnp.exp(q @ k.T / np.sqrt(d))
            num = num + s @ v
            den = den + s.sum(-1)
            kv = self.shift(kv)
        return num / den[:, None]


def ring_apply(attn, mesh, x):
    axis = attn.cfg.seq_axis
    fn = jax.shard_map(RingAttention.__call__, mesh=mesh, in_specs=(P(), P(axis, None)), out_specs=P(axis, None))
    return jax.jit(fn)(attn, x)


def inputs():
    mesh = jax.make_mesh((8,), ("data",))
    k1, k2 = jax.random.split(jax.random.PRNGKey(22))
    attn = RingAttention.init(k1, 8, 4)
    x = np.asarray(jax.random.normal(k2, (32, 8)), np.float32) * 0.5
    return mesh, attn, x


def main(mesh, attn, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), attn)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        y = np.asarray(jax.device_get(ring_apply(placed, mesh, xs)))
    q, kv = x @ np.asarray(attn.wq), x @ np.asarray(attn.wkv)
    s = np.exp(q @ kv[:, :4].T / 2.0)
    ref = (s @ kv[:, 4:]) / s.sum(-1, keepdims=True)
    print("ring attention:", y.shape, "max err vs dense %.2e" % np.abs(y - ref).max())


if __name__ == "__main__":
    main(*inputs())
