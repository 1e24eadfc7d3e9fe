"""vision/checkpoint/kernel_export.py — consolidate FSDP-sharded conv kernels for a viewer.

Imagined `convtp` repo. Kernels are stored with output channels split over both mesh axes
(`("batch", "chan")`, 8 ways); the viewer wants them split over `chan` only.
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


class Conv1d(Module):
    kernel: jax.Array
    bias: jax.Array

    @classmethod
    def init(cls, key, width, c_in, c_out):
        return cls(kernel=jax.random.normal(key, (width, c_in, c_out)) / np.sqrt(width * c_in),
                   bias=jnp.zeros((c_out,)))


class ConvStack(Module):
    convs: tuple
    shard_axes: tuple = field(static=True, default=("batch", "chan"))

    @classmethod
    def init(cls, key, widths, channels):
        keys = jax.random.split(key, len(widths))
        convs = tuple(Conv1d.init(k, w, a, b) for k, w, a, b in zip(keys, widths, channels[:-1], channels[1:]))
        return cls(convs=convs)

    def storage_specs(self):
        s = self.shard_axes
        return tree_at(lambda m: m.convs, self,
                       tuple(Conv1d(kernel=P(None, None, s), bias=P(s)) for _ in self.convs))


class ViewerLayout(Module):
    kernel: P = field(static=True, default=P(None, None, "chan", reduced={"batch"}))
    bias: P = field(static=True, default=P("chan", reduced={"batch"}))


def to_viewer(stack, layout):
    out = []
    for conv in stack.convs:
        k = top_level_all_gather(conv.kernel, layout.kernel)
        b = top_level_all_gather(conv.bias, layout.bias)
        out.append((k, b))
    return out


def place(stack, mesh):
    specs = stack.storage_specs()
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), stack, specs)


def describe(pairs):
    for i, (k, b) in enumerate(pairs):
        k = np.asarray(jax.device_get(k))
        print(f"conv{i}: kernel {k.shape} l2={np.linalg.norm(k):.3f} bias {b.shape}")


def inputs():
    mesh = jax.make_mesh((4, 2), ("batch", "chan"))
    stack = ConvStack.init(jax.random.PRNGKey(13), (3, 3, 1), (8, 16, 16, 8))
    return mesh, stack


def main(mesh, stack):
    with jax.set_mesh(mesh):
        placed = place(stack, mesh)
        pairs = to_viewer(placed, ViewerLayout())
        describe(pairs)


if __name__ == "__main__":
    main(*inputs())
