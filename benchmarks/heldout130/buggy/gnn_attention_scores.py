"""gnn/layers/gat_scores.py — graph-attention logits over all nodes for an attention probe.

Imagined `graphtp` repo. Per-node attention logits are summed over the feature shards, gathered
over the node shards (kept reduced, the probe is trained through them) and rectified.
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


class GATConfig(Module):
    node_axis: str = field(static=True, default="nodes")
    feat_axis: str = field(static=True, default="feat")
    negative_slope: float = field(static=True, default=0.2)


class GATScores(Module):
    w: jax.Array
    a_src: jax.Array
    cfg: GATConfig = field(static=True, default=GATConfig())

    @classmethod
    def init(cls, key, d_in, d_out):
        k1, k2 = jax.random.split(key)
        return cls(w=jax.random.normal(k1, (d_in, d_out)) / np.sqrt(d_in),
                   a_src=jax.random.normal(k2, (d_out,)) / np.sqrt(d_out))

    def specs(self):
        f = self.cfg.feat_axis
        return dataclasses.replace(self, w=P(None, f), a_src=P(f))

    def __call__(self, h):
        cfg = self.cfg
        e = jax.lax.psum((h @ self.w) @ self.a_src, cfg.feat_axis)
        e_all = jax.lax.all_gather(e, cfg.node_axis, tiled=True, to="reduced")
        return jax.nn.leaky_relu(e_all, cfg.negative_slope)


def scores(layer, mesh, h):
    n = layer.cfg.node_axis
    fn = jax.shard_map(lambda l, x: l(x), mesh=mesh, in_specs=(layer.specs(), P(n, None)),
                       out_specs=P(None, reduced={n}))
    return fn(layer, h)


def inputs():
    mesh = jax.make_mesh((4, 2), ("nodes", "feat"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(55))
    h = np.asarray(jax.random.normal(k1, (20, 7)), np.float32)
    return mesh, GATScores.init(k2, 7, 6), h


def main(mesh, layer, h):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), layer, layer.specs())
        e = np.asarray(jax.device_get(scores(placed, mesh, jax.device_put(h, NamedSharding(mesh, P("nodes", None))))))
    w = np.exp(e - e.max())
    print("attention over nodes:", np.round(w / w.sum(), 3)[:8])


if __name__ == "__main__":
    main(*inputs())
