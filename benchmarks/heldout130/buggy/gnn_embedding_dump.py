"""gnn/tools/embedding_dump.py — write node embeddings for a nearest-neighbour index.

Imagined `graphtp` repo. Embeddings are first joined over the node shards (kept reduced, the
index build is differentiated in the distillation job), then collected over the feature shards
together with the node axis.
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


class MeshLayout(Module):
    nodes: str = field(static=True, default="nodes")
    feat: str = field(static=True, default="feat")

    def collect_axes(self):
        return (self.feat, self.nodes)


class SAGELayer(Module):
    w_self: jax.Array
    w_neigh: jax.Array
    layout: MeshLayout = field(static=True, default=MeshLayout())

    @classmethod
    def init(cls, key, d_in, d_out):
        k1, k2 = jax.random.split(key)
        return cls(w_self=jax.random.normal(k1, (d_in, d_out)) / np.sqrt(d_in),
                   w_neigh=jax.random.normal(k2, (d_in, d_out)) / np.sqrt(d_in))

    def specs(self):
        f = self.layout.feat
        return dataclasses.replace(self, w_self=P(None, f), w_neigh=P(None, f))

    def __call__(self, adj_rows, h):
        everyone = jax.lax.all_gather(h, self.layout.nodes, axis=0, tiled=True)
        deg = jnp.maximum(adj_rows.sum(axis=1, keepdims=True), 1.0)
        return jax.nn.relu(h @ self.w_self + (adj_rows @ everyone) / deg @ self.w_neigh)


def dump_embeddings(layer, adj_rows, h):
    lay = layer.layout
    z = layer(adj_rows, h)
    by_node = jax.lax.all_gather(z, lay.nodes, axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(by_node, lay.collect_axes(), axis=1, tiled=True, to="reduced")


def run(layer, mesh, adj, h):
    n = layer.layout.nodes
    fn = jax.shard_map(dump_embeddings, mesh=mesh, in_specs=(layer.specs(), P(n, None), P(n, None)),
                       out_specs=P(None, None, reduced={n, layer.layout.feat}))
    return fn(layer, adj, h)


def inputs():
    mesh = jax.make_mesh((4, 2), ("nodes", "feat"))
    ks = jax.random.split(jax.random.PRNGKey(51), 3)
    adj = np.asarray(jax.random.bernoulli(ks[0], 0.3, (12, 12)), np.float32)
    h = np.asarray(jax.random.normal(ks[1], (12, 4)), np.float32)
    return mesh, SAGELayer.init(ks[2], 4, 6), adj, h


def main(mesh, layer, adj, h):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), layer, layer.specs())
        rows = NamedSharding(mesh, P("nodes", None))
        emb = np.asarray(jax.device_get(run(placed, mesh, jax.device_put(adj, rows), jax.device_put(h, rows))))
    norms = np.linalg.norm(emb, axis=1)
    print("embeddings:", emb.shape, "norm range %.3f..%.3f" % (norms.min(), norms.max()))


if __name__ == "__main__":
    main(*inputs())
