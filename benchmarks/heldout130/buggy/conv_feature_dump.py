"""vision/tools/dump_features.py — write the conv feature maps of an eval batch to disk.

Imagined `convtp` repo. Channels are split over `chan`, examples over `batch`; the dump first
joins the channels, then collects the whole map over every mesh axis.
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
        return jax.nn.relu(y + self.bias)


class FeatureDump(Module):
    conv: Conv1d
    channel_axis: str = field(static=True, default="chan")
    batch_axis: str = field(static=True, default="batch")
    dump_axes: tuple = field(static=True, default=())

    def specs(self):
        c = self.channel_axis
        return dataclasses.replace(self, conv=Conv1d(kernel=P(None, None, c), bias=P(c)))

    def join_channels(self, y):
        return jax.lax.all_gather(y, self.channel_axis, axis=2, tiled=True, to="reduced")

    def collect(self, y):
        return jax.lax.all_gather(y, axis_name=self.dump_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, x):
        return self.collect(self.join_channels(self.conv(x)))


def build_dump(key, mesh, c_in, c_out):
    conv = Conv1d.init(key, 5, c_in, c_out)
    return FeatureDump(conv=conv, dump_axes=tuple(mesh.axis_names))


def run_dump(dump, mesh, x):
    fn = jax.shard_map(FeatureDump.__call__, mesh=mesh,
                       in_specs=(dump.specs(), P(dump.batch_axis, None, None)),
                       out_specs=P(None, None, None, reduced=set(dump.dump_axes)))
    return fn(dump, x)


def inputs():
    mesh = jax.make_mesh((4, 2), ("batch", "chan"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(11))
    x = np.asarray(jax.random.normal(k2, (8, 32, 3)), np.float32)
    return mesh, k1, x


def main(mesh, key, x):
    dump = build_dump(key, mesh, 3, 6)
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), dump, dump.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("batch", None, None)))
        maps = np.asarray(jax.device_get(run_dump(placed, mesh, xs)))
    print("feature maps:", maps.shape, "sparsity %.2f" % (maps == 0).mean())


if __name__ == "__main__":
    main(*inputs())
