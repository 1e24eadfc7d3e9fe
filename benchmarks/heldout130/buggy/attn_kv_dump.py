"""transformer/serving/kv_dump.py — snapshot the key/value projections for a cache warm start.

Imagined `headsplit` repo. Keys and values are computed per head shard, joined over the head
axis, then collected over the snapshot axes read from the serving config Module.
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


class ServingConfig(Module):
    batch_axis: str = field(static=True, default="data")
    head_axis: str = field(static=True, default="model")
    snapshot_axes: tuple = field(static=True, default=("data", "model"))


class KVProjection(Module):
    wk: jax.Array
    wv: jax.Array
    cfg: ServingConfig = field(static=True, default=ServingConfig())

    @classmethod
    def init(cls, key, d_model, heads, head_dim):
        k1, k2 = jax.random.split(key)
        s = 1.0 / np.sqrt(d_model)
        return cls(wk=jax.random.normal(k1, (d_model, heads, head_dim)) * s,
                   wv=jax.random.normal(k2, (d_model, heads, head_dim)) * s)

    def specs(self):
        return dataclasses.replace(self, wk=P(None, self.cfg.head_axis, None), wv=P(None, self.cfg.head_axis, None))

    def __call__(self, x):
        return jnp.einsum("btd,dhk->bthk", x, self.wk), jnp.einsum("btd,dhk->bthk", x, self.wv)


class CacheSnapshot(Module):
    proj: KVProjection

    def join_heads(self, t):
        return jax.lax.all_gather(t, self.proj.cfg.head_axis, axis=2, tiled=True, to="reduced")

    def snapshot(self, t):
        return jax.lax.all_gather(t, self.proj.cfg.snapshot_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, x):
        k, v = self.proj(x)
        k, v = self.join_heads(k), self.join_heads(v)
        return self.snapshot(k), self.snapshot(v)


def take_snapshot(snap, mesh, x):
    cfg = snap.proj.cfg
    out = P(None, None, None, None, reduced=set(cfg.snapshot_axes))
    body = lambda s, xb: s(xb)
    fn = jax.shard_map(body, mesh=mesh, in_specs=(CacheSnapshot(snap.proj.specs()), P(cfg.batch_axis, None, None)),
                       out_specs=(out, out))
    return fn(snap, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(21))
    snap = CacheSnapshot(KVProjection.init(k1, 12, 4, 6))
    x = np.asarray(jax.random.normal(k2, (4, 10, 12)), np.float32)
    return mesh, snap, x


def main(mesh, snap, x):
    with jax.set_mesh(mesh):
        specs = CacheSnapshot(snap.proj.specs())
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), snap, specs)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None, None)))
        k, v = take_snapshot(placed, mesh, xs)
        k, v = np.asarray(jax.device_get(k)), np.asarray(jax.device_get(v))
    print("cache keys:", k.shape, "values:", v.shape)
    print("key rms %.4f value rms %.4f" % (np.sqrt((k ** 2).mean()), np.sqrt((v ** 2).mean())))


if __name__ == "__main__":
    main(*inputs())
