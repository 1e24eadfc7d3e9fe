"""vision/explain/saliency.py — input-times-activation saliency maps for a batch-split conv net.

Imagined `convtp` repo on a pure data-parallel mesh. The response of every example is gathered
(kept reduced so a later backward pass sums it back) and rectified before normalising.
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


class Conv1d(Module):
    kernel: jax.Array
    bias: jax.Array

    @classmethod
    def init(cls, key, width, c_in, c_out):
        return cls(kernel=jax.random.normal(key, (width, c_in, c_out)) / np.sqrt(width * c_in),
                   bias=jnp.zeros((c_out,)))

    def __call__(self, x):
        y = jax.lax.conv_general_dilated(x, self.kernel, (1,), "SAME",
                                         dimension_numbers=("NWC", "WIO", "NWC"))
        return y + self.bias


class Saliency(Module):
    conv: Conv1d
    axis: str = field(static=True, default="data")
    rectify: str = field(static=True, default="relu")

    def response(self, x):
        y = self.conv(x)
        return jnp.sum(y * y, axis=-1)

    def body(self, x):
        r = self.response(x)
        everyone = jax.lax.all_gather(r, self.axis, axis=0, tiled=True, to="reduced")
        rect = getattr(jax.nn, self.rectify)(everyone)
        return rect

    def __call__(self, mesh, x):
        fn = jax.shard_map(Saliency.body, mesh=mesh, in_specs=(P(), P(self.axis, None, None)),
                           out_specs=P(None, None, reduced={self.axis}))
        return fn(self, x)


def normalise(maps):
    maps = np.asarray(maps)
    lo = maps.min(axis=1, keepdims=True)
    hi = maps.max(axis=1, keepdims=True)
    return (maps - lo) / np.maximum(hi - lo, 1e-6)


def inputs():
    mesh = jax.make_mesh((8,), ("data",))
    k1, k2 = jax.random.split(jax.random.PRNGKey(15))
    sal = Saliency(conv=Conv1d.init(k1, 5, 2, 4))
    x = np.asarray(jax.random.normal(k2, (16, 24, 2)), np.float32)
    return mesh, sal, x


def main(mesh, sal, x):
    with jax.set_mesh(mesh):
        arrays, static = partition(sal, is_array)
        arrays = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), arrays)
        sal = combine(arrays, static)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None, None)))
        maps = jax.device_get(sal(mesh, xs))
    maps = normalise(maps)
    print("saliency maps:", maps.shape, "peak positions:", maps.argmax(axis=1)[:8])


if __name__ == "__main__":
    main(*inputs())
