"""A module-level layout map filled by item stores as the module loads (`LAYOUTS[pattern] = axes`
below `LAYOUTS = LayoutMap()`, no call in between): every function reads it after its last store."""
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


def dense(x):
    axes = LAYOUTS["dense_1/kernel"].axes
    rows = jax.lax.psum(x, "i")
    return jax.lax.psum(rows, axes)  # SF105


LAYOUTS = LayoutMap()
LAYOUTS["dense_0/bias"] = (None,)
LAYOUTS[r"dense_\d+/kernel"] = ("i", "j")


def main(mesh, x):
    return jax.shard_map(dense, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
