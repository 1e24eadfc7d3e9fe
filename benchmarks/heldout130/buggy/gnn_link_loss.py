"""gnn/train/link_loss.py — link-prediction loss of a feature-split graph encoder.

Imagined `graphtp` repo. Edge scores are dot products of the two endpoint embeddings, summed over
the feature shards; the batch loss is then averaged over the encoder's mesh axes.
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


class LinkPredictor(Module):
    w: jax.Array
    axes: tuple = field(static=True, default=("nodes", "feat"))

    @classmethod
    def init(cls, key, d_in, d_out):
        return cls(w=jax.random.normal(key, (d_in, d_out)) / np.sqrt(d_in))

    @property
    def node_axis(self):
        return self.axes[0]

    @property
    def feat_axis(self):
        return self.axes[1]

    def specs(self):
        return dataclasses.replace(self, w=P(None, self.feat_axis))

    def embed(self, h):
        return jnp.tanh(h @ self.w)

    def __call__(self, h_src, h_dst, label):
        score = jax.lax.psum(jnp.sum(self.embed(h_src) * self.embed(h_dst), axis=1), self.feat_axis)
        loss = jnp.mean(jax.nn.softplus(-score * (2.0 * label - 1.0)))
        return jax.lax.pmean(loss, self.axes)


def link_loss(model, mesh, src, dst, label):
    n = model.node_axis
    fn = jax.shard_map(LinkPredictor.__call__, mesh=mesh,
                       in_specs=(model.specs(), P(n, None), P(n, None), P(n)), out_specs=P())
    return fn(model, src, dst, label)


def sample_edges(key, feats, n_edges):
    k1, k2, k3 = jax.random.split(key, 3)
    i = jax.random.randint(k1, (n_edges,), 0, feats.shape[0])
    j = jax.random.randint(k2, (n_edges,), 0, feats.shape[0])
    label = jax.random.bernoulli(k3, 0.5, (n_edges,))
    return np.asarray(feats[i]), np.asarray(feats[j]), np.asarray(label, np.float32)


def inputs():
    mesh = jax.make_mesh((4, 2), ("nodes", "feat"))
    ks = jax.random.split(jax.random.PRNGKey(54), 3)
    feats = jax.random.normal(ks[0], (30, 6))
    src, dst, label = sample_edges(ks[1], feats, 32)
    return mesh, LinkPredictor.init(ks[2], 6, 4), src, dst, label


def main(mesh, model, src, dst, label):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), model, model.specs())
        rows = NamedSharding(mesh, P("nodes", None))
        loss = link_loss(placed, mesh, jax.device_put(src, rows), jax.device_put(dst, rows),
                         jax.device_put(label, NamedSharding(mesh, P("nodes"))))
    print("link loss: %.4f" % float(loss))


if __name__ == "__main__":
    main(*inputs())
