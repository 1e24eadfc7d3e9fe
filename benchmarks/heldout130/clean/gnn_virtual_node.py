"""gnn/layers/virtual_node.py — message passing with a virtual node connected to every node.

Imagined `graphtp` repo. Node features are gathered over the node shards for the neighbour
aggregation; the virtual node's state is the sum of all node features.
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


class VNConfig(Module):
    node_axis: str = field(static=True, default="nodes")
    feat_axis: str = field(static=True, default="feat")
    neighbour_gather: str = field(static=True, default="varying")


class VirtualNodeLayer(Module):
    w_msg: jax.Array
    w_vn: jax.Array
    cfg: VNConfig = field(static=True, default=VNConfig())

    @classmethod
    def init(cls, key, dim):
        k1, k2 = jax.random.split(key)
        return cls(w_msg=jax.random.normal(k1, (dim, dim)) / np.sqrt(dim),
                   w_vn=jax.random.normal(k2, (dim, dim)) / np.sqrt(dim))

    def specs(self):
        return dataclasses.replace(self, w_msg=P(), w_vn=P())

    def neighbours(self, h):
        return jax.lax.all_gather(h, self.cfg.node_axis, axis=0, tiled=True, to=self.cfg.neighbour_gather)

    def virtual_node(self, h_all):
        return jax.lax.psum(jnp.sum(h_all, axis=0), self.cfg.node_axis)

    def __call__(self, adj_rows, h):
        h_all = self.neighbours(h)
        vn = self.virtual_node(h_all)
        msg = adj_rows @ h_all
        return jnp.tanh(msg @ self.w_msg + vn @ self.w_vn) + h


def propagate(layer, mesh, adj, h):
    n = layer.cfg.node_axis
    fn = jax.shard_map(VirtualNodeLayer.__call__, mesh=mesh,
                       in_specs=(layer.specs(), P(n, None), P(n, None)), out_specs=P(n, None))
    return fn(layer, adj, h)


def inputs():
    mesh = jax.make_mesh((4, 2), ("nodes", "feat"))
    ks = jax.random.split(jax.random.PRNGKey(52), 3)
    adj = np.asarray(jax.random.bernoulli(ks[0], 0.25, (16, 16)), np.float32)
    h = np.asarray(jax.random.normal(ks[1], (16, 6)), np.float32)
    return mesh, VirtualNodeLayer.init(ks[2], 6), adj, h


def main(mesh, layer, adj, h):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), layer, layer.specs())
        a = jax.device_put(adj, NamedSharding(mesh, P("nodes", None)))
        x = jax.device_put(h, NamedSharding(mesh, P("nodes", None)))
        for _ in range(2):
            x = propagate(placed, mesh, a, x)
    x = np.asarray(jax.device_get(x))
    print("node states:", x.shape, "mean %.4f" % x.mean())


if __name__ == "__main__":
    main(*inputs())
