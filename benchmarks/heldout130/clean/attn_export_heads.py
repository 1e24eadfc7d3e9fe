"""transformer/checkpoint/export_heads.py — gather head-split projection weights for export.

Imagined `headsplit` repo. `HeadExporter.__call__` opens its own mesh context to place the
weights; the consolidation helper is called when the exporter returns.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


class Projection(Module):
    weight: jax.Array
    head_axis: str = field(static=True, default="model")

    @classmethod
    def init(cls, key, d_model, heads, head_dim):
        return cls(weight=jax.random.normal(key, (d_model, heads, head_dim)) / np.sqrt(d_model))

    @property
    def spec(self):
        return P(None, self.head_axis, None)

    @property
    def export_spec(self):
        return P(None, None, None, reduced={self.head_axis})


class AttentionWeights(Module):
    q: Projection
    k: Projection
    v: Projection

    @classmethod
    def init(cls, key, d_model=16, heads=4, head_dim=4):
        kq, kk, kv = jax.random.split(key, 3)
        return cls(q=Projection.init(kq, d_model, heads, head_dim), k=Projection.init(kk, d_model, heads, head_dim),
                   v=Projection.init(kv, d_model, heads, head_dim))

    def projections(self):
        return {"q": self.q, "k": self.k, "v": self.v}


def consolidate(proj):
    return top_level_all_gather(proj.weight, proj.export_spec)


class HeadExporter(Module):
    mesh: object = field(static=True, default=None)

    def place(self, weights):
        placed = weights
        for name, proj in weights.projections().items():
            w = jax.device_put(proj.weight, NamedSharding(self.mesh, proj.spec))
            placed = tree_at(lambda m, name=name: getattr(m, name).weight, placed, w)
        return placed

    def __call__(self, weights):
        with jax.set_mesh(self.mesh):
            placed = self.place(weights)
            return {name: consolidate(proj) for name, proj in placed.projections().items()}


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    weights = AttentionWeights.init(jax.random.PRNGKey(23))
    return mesh, weights


def main(mesh, weights):
    exporter = HeadExporter(mesh=mesh)
    full = exporter(weights)
    for name, w in full.items():
        w = np.asarray(jax.device_get(w))
        print(f"{name}: {w.shape} fro={np.linalg.norm(w):.3f}")


if __name__ == "__main__":
    main(*inputs())
