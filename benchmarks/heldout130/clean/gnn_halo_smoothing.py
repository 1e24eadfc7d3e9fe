"""gnn/layers/halo_smoothing.py — Laplacian smoothing on a chain graph split over `nodes`.

Imagined `graphtp` repo. Each device holds a contiguous block of a path graph; boundary nodes
get their neighbours from the adjacent blocks by ppermute (zero halos at the two ends). After
the smoothing steps the node features are gathered over `nodes` (kept reduced).
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


class ChainSmoother(Module):
    alpha: jax.Array
    node_axis: str = field(static=True, default="nodes")
    blocks: int = field(static=True, default=8)
    steps: int = field(static=True, default=3)

    def halos(self, h):
        n = self.blocks
        from_left = jax.lax.ppermute(h[-1:], self.node_axis, perm=[(i, i + 1) for i in range(n - 1)])
        from_right = jax.lax.ppermute(h[:1], self.node_axis, perm=[(i + 1, i) for i in range(n - 1)])
        return from_left, from_right

    def step(self, h):
        left, right = self.halos(h)
        padded = jnp.concatenate([left, h, right], axis=0)
        lap = padded[:-2] + padded[2:] - 2.0 * h
        return h + self.alpha * lap

    def __call__(self, h):
        for _ in range(self.steps):
            h = self.step(h)
        return jax.lax.all_gather(h, self.node_axis, axis=0, tiled=True, to="reduced")


def smooth(model, mesh, h):
    fn = jax.shard_map(ChainSmoother.__call__, mesh=mesh, in_specs=(P(), P(model.node_axis, None)),
                       out_specs=P(None, None, reduced={model.node_axis}))
    return fn(model, h)


def dense_reference(alpha, h, steps):
    h = np.asarray(h)
    for _ in range(steps):
        padded = np.concatenate([np.zeros_like(h[:1]), h, np.zeros_like(h[:1])], axis=0)
        h = h + alpha * (padded[:-2] + padded[2:] - 2.0 * h)
    return h


def inputs():
    mesh = jax.make_mesh((8,), ("nodes",))
    h = np.asarray(jax.random.normal(jax.random.PRNGKey(74), (24, 3)), np.float32)
    return mesh, ChainSmoother(alpha=jnp.array(0.25, jnp.float32)), h


def main(mesh, model, h):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), model)
        out = np.asarray(jax.device_get(smooth(placed, mesh, jax.device_put(h, NamedSharding(mesh, P("nodes", None))))))
    ref = dense_reference(0.25, h, model.steps)
    print("smoothed:", out.shape, "max err vs dense %.2e" % np.abs(out - ref).max())


if __name__ == "__main__":
    main(*inputs())
