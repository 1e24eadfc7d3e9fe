"""flows/layers/actnorm.py — data-dependent initialisation of an ActNorm layer (Glow).

Imagined `flowtp` repo on a data-parallel mesh. The first batch sets the per-feature shift and
scale so that the layer's outputs start standardised.
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


class ActNorm(Module):
    loc: jax.Array
    log_scale: jax.Array
    axis: str = field(static=True, default="data")

    @classmethod
    def zeros(cls, dim, axis="data"):
        return cls(loc=jnp.zeros((dim,)), log_scale=jnp.zeros((dim,)), axis=axis)

    def __call__(self, x):
        y = (x - self.loc) * jnp.exp(-self.log_scale)
        return y, -jnp.sum(self.log_scale) * jnp.ones((x.shape[0],))

    def batch_statistics(self, x):
        rows = jax.lax.all_gather(x, self.axis, axis=0, tiled=True, to="reduced")
        n = rows.shape[0]
        mean = jax.lax.psum(jnp.sum(x, axis=0), self.axis) / n
        centred = x - mean
        var = jax.lax.psum(jnp.sum(centred * centred, axis=0), self.axis) / n
        return mean, 0.5 * jnp.log(var + 1e-6)


def data_init(layer, mesh, x):
    fn = jax.shard_map(ActNorm.batch_statistics, mesh=mesh, in_specs=(P(), P(layer.axis, None)),
                       out_specs=(P(), P()))
    mean, log_scale = fn(layer, x)
    layer = tree_at(lambda l: l.loc, layer, mean)
    return tree_at(lambda l: l.log_scale, layer, log_scale)


def inputs():
    mesh = jax.make_mesh((8,), ("data",))
    x = np.asarray(jax.random.normal(jax.random.PRNGKey(42), (64, 5)) * 3.0 + 1.5, np.float32)
    return mesh, ActNorm.zeros(5), x


def main(mesh, layer, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), layer)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        layer = data_init(placed, mesh, xs)
    y, _ = layer(jnp.asarray(x))
    y = np.asarray(y)
    print("after init: mean %s std %s" % (np.round(y.mean(0), 3), np.round(y.std(0), 3)))


if __name__ == "__main__":
    main(*inputs())
