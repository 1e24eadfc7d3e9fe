"""The same module-level map is read by a call between its stores (`KERNEL_AXES = axes_of(...)`):
that read sees the map as it is then, before the later store."""
import re

import jax
from jax.sharding import PartitionSpec as P


class Layout:
    def __init__(self, axes):
        self.axes = tuple(axes)


class LayoutMap:
    def __init__(self):
        self._table = {}

    def __setitem__(self, key, layout):
        if isinstance(layout, (tuple, list)):
            layout = Layout(layout)
        self._table[key] = layout

    def __getitem__(self, key):
        if key in self._table:
            return self._table[key]
        matches = [k for k in self._table if re.search(k, key)]
        return self._table[matches[0]] if matches else None


def axes_of(path):
    return LAYOUTS[path].axes


def dense(x):
    rows = jax.lax.psum(x, "i")
    return jax.lax.psum(rows, KERNEL_AXES)


LAYOUTS = LayoutMap()
LAYOUTS[r"dense_\d+/kernel"] = ("j",)
KERNEL_AXES = axes_of("dense_1/kernel")
LAYOUTS[r"dense_\d+/kernel"] = ("i", "j")


def main(mesh, x):
    return jax.shard_map(dense, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
