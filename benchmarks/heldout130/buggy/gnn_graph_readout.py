"""gnn/readout/graph_embedding.py — a sum-pooled graph embedding logged per feature shard.

Imagined `graphtp` repo: message-passing layers with nodes split over `nodes` and feature
channels over `feat`. The readout sums node embeddings over the node shards; the logger keeps
the embedding gathered over the readout axes of the layer.
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


class GraphConv(Module):
    weight: jax.Array
    node_axis: str = field(static=True, default="nodes")
    feat_axis: str = field(static=True, default="feat")

    @classmethod
    def init(cls, key, d_in, d_out):
        return cls(weight=jax.random.normal(key, (d_in, d_out)) / np.sqrt(d_in))

    def specs(self):
        return dataclasses.replace(self, weight=P(None, self.feat_axis))

    def __call__(self, adj_rows, h):
        neighbours = jax.lax.all_gather(h, self.node_axis, axis=0, tiled=True)
        agg = adj_rows @ neighbours
        return jax.nn.relu(agg @ self.weight)


class SumReadout(Module):
    conv: GraphConv
    readout_axes: tuple = field(static=True, default=("nodes",))

    def specs(self):
        return dataclasses.replace(self, conv=self.conv.specs())

    def __call__(self, adj_rows, h):
        z = self.conv(adj_rows, h)
        pooled = jax.lax.psum(jnp.sum(z, axis=0), self.conv.node_axis)
        logged = jax.lax.all_gather(pooled, self.readout_axes, tiled=True, to="reduced")
        return pooled, logged


def readout(model, mesh, adj, h):
    n, f = model.conv.node_axis, model.conv.feat_axis
    fn = jax.shard_map(lambda m, a, x: m(a, x), mesh=mesh,
                       in_specs=(model.specs(), P(n, None), P(n, None)),
                       out_specs=(P(f), P(f, reduced=set(model.readout_axes))))
    return fn(model, adj, h)


def ring_graph(n):
    adj = np.zeros((n, n), np.float32)
    for i in range(n):
        adj[i, (i + 1) % n] = adj[i, (i - 1) % n] = 0.5
    return adj


def inputs():
    mesh = jax.make_mesh((4, 2), ("nodes", "feat"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(50))
    model = SumReadout(conv=GraphConv.init(k1, 5, 8))
    h = np.asarray(jax.random.normal(k2, (16, 5)), np.float32)
    return mesh, model, ring_graph(16), h


def main(mesh, model, adj, h):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), model, model.specs())
        rows = NamedSharding(mesh, P("nodes", None))
        pooled, logged = readout(placed, mesh, jax.device_put(adj, rows), jax.device_put(h, rows))
    print("graph embedding:", np.round(np.asarray(jax.device_get(pooled)), 3))


if __name__ == "__main__":
    main(*inputs())
