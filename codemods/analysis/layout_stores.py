"""Names whose array the module changes by an attribute store (name_lookup.py; adversarial23 X6).

A NumPy array's `shape`, `dtype`, `strides` and `data` can be set in place (`A.shape = (2, 2)`
makes `A.ndim` 2, `A.dtype = np.int32` doubles `len(A)`), and `real`, `imag`, `flat` write its
values (`A.flat = 0`). A name bound once to an array and changed so is not its binding's value
after the store; where such a store (or an augmented or deleting one) of the name stands anywhere
in the module, a read of the name that would take the binding is left unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import attributes_by_name

_LAYOUT = ("shape", "dtype", "strides", "data", "real", "imag", "flat")


def layout_changed(tree: ast.Module, name: str) -> bool:
    """Whether the module stores `name.shape` (or another attribute of `_LAYOUT`) anywhere."""
    found = tree.__dict__.get("_shardfix_layout_stores")
    if found is None:
        found = tree._shardfix_layout_stores = frozenset(
            node.value.id for attr in _LAYOUT for node in attributes_by_name(tree).get(attr, ())
            if type(node.ctx) is not ast.Load and type(node.value) is ast.Name)
    return name in found
