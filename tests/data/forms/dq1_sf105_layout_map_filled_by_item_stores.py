"""A Keras-like layout map filled by item stores after it is built (`layouts[pattern] = axes` runs
`LayoutMap.__setitem__`, which wraps the tuple in a Layout) and read by a layer through
`__getitem__`, which tries the path as a key and then the keys as regular expressions: nothing
holds the map until its last store, so the layer reads the axes the stores gave."""
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


class Dense:
    def __init__(self, path, layouts):
        self.path = path
        self.layouts = layouts

    def __call__(self, x):
        axes = self.layouts[self.path].axes
        rows = jax.lax.psum(x, "i")
        return jax.lax.psum(rows, axes)  # SF105


def main(mesh, x):
    layouts = LayoutMap()
    layouts["dense_0/bias"] = (None,)
    layouts[r"dense_\d+/kernel"] = ("i", "j")
    layer = Dense("dense_1/kernel", layouts)
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
