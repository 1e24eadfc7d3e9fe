"""flows/sampling/export_samples.py — draw flow samples on the mesh and export one full copy.

Imagined `flowtp` repo. Samples come out of a jitted sampler laid out over `data`; the exporter
regathers them with the private `top_level_all_gather` (gathered axis listed in `reduced=`).
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


class AffineLayer(Module):
    shift: jax.Array
    log_scale: jax.Array

    @classmethod
    def init(cls, key, dim):
        k1, k2 = jax.random.split(key)
        return cls(shift=jax.random.normal(k1, (dim,)) * 0.5, log_scale=jax.random.normal(k2, (dim,)) * 0.1)

    def forward(self, z):
        return z * jnp.exp(self.log_scale) + self.shift


class Flow(Module):
    layers: tuple
    sample_layout: P = field(static=True, default=P("data", None))
    export_layout: P = field(static=True, default=P(None, None, reduced={"data"}))

    @classmethod
    def init(cls, key, dim, depth):
        return cls(layers=tuple(AffineLayer.init(k, dim) for k in jax.random.split(key, depth)))

    def sample(self, key, n):
        z = jax.random.normal(key, (n, self.layers[0].shift.shape[0]))
        for layer in self.layers:
            z = layer.forward(z)
        return z


def draw(flow, mesh, key, n):
    out = NamedSharding(mesh, flow.sample_layout)
    return filter_jit(lambda f, k: jax.reshard(f.sample(k, n), out))(flow, key)


def export(flow, samples):
    return top_level_all_gather(samples, flow.export_layout)


def inputs():
    mesh = jax.make_mesh((8,), ("data",))
    k1, k2 = jax.random.split(jax.random.PRNGKey(72))
    return mesh, Flow.init(k1, 3, 4), k2


def main(mesh, flow, key):
    with jax.set_mesh(mesh):
        samples = draw(flow, mesh, key, 64)
        full = export(flow, samples)
        host = np.asarray(jax.device_get(full))
    print("samples:", host.shape, "mean", np.round(host.mean(0), 3), "std", np.round(host.std(0), 3))


if __name__ == "__main__":
    main(*inputs())
