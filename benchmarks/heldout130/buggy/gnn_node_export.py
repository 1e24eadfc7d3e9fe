"""gnn/serving/node_export.py — hand node embeddings from the trainer to the feature store.

Imagined `graphtp` repo. Embeddings come out of a jitted encoder laid out (`nodes`, `feat`);
the store keeps the feature columns split over `feat` and every node on every host.
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


class Encoder(Module):
    w: jax.Array
    train_layout: P = field(static=True, default=P("nodes", "feat"))
    store_layout: P = field(static=True, default=P(None, "feat"))

    @classmethod
    def init(cls, key, d_in, d_out):
        return cls(w=jax.random.normal(key, (d_in, d_out)) / np.sqrt(d_in))

    def __call__(self, adj, h):
        deg = jnp.maximum(adj.sum(axis=1, keepdims=True), 1.0)
        return jnp.tanh((adj @ h) / deg @ self.w)


def encode(encoder, mesh, adj, h):
    out = NamedSharding(mesh, encoder.train_layout)
    return jax.jit(encoder.__call__, out_shardings=out)(adj, h)


class FeatureStore(Module):
    rows: dict = field(static=True, default_factory=dict)

    def put(self, name, emb, layout):
        self.rows[name] = top_level_all_gather(emb, layout)
        return self


def inputs():
    mesh = jax.make_mesh((4, 2), ("nodes", "feat"))
    ks = jax.random.split(jax.random.PRNGKey(53), 3)
    adj = np.asarray(jax.random.bernoulli(ks[0], 0.2, (16, 16)), np.float32)
    h = np.asarray(jax.random.normal(ks[1], (16, 5)), np.float32)
    return mesh, Encoder.init(ks[2], 5, 8), adj, h


def main(mesh, encoder, adj, h):
    store = FeatureStore()
    with jax.set_mesh(mesh):
        emb = encode(encoder, mesh, adj, h)
        store.put("sage_v1", emb, encoder.store_layout)
        stored = store.rows["sage_v1"]
    print("stored:", stored.shape, "sharding spec:", stored.sharding.spec)


if __name__ == "__main__":
    main(*inputs())
