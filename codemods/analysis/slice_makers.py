"""Whether a module can make a slice object at all.

An index held in a name (`g[:, cols]`) is read as an int only where no slice object can reach it:
a slice object with a negative step reverses the array (`rev`), which drops a reduced state, so
reading it as an int would report a line that runs. Python makes slice objects only with the
`slice` builtin, with slice syntax a `__getitem__` hands back (`np.s_[::-2]`, `np.index_exp`, a
class of the program's own), so a module that spells none of these makes none; values an unknown
library call returns are unknown to the analysis, never such a name."""
from __future__ import annotations

import ast

_MAKER_ATTRIBUTES = frozenset({"s_", "index_exp"})
_MAKER_NAMES = frozenset({"slice", "s_", "index_exp", "__getitem__", "__class_getitem__"})


def may_make_slices(tree: ast.Module) -> bool:
    """True when some node of `tree` may make a slice object (conservative: any mention counts)."""
    cached = getattr(tree, "_may_make_slices", None)
    if cached is None:
        cached = any(_makes(node) for node in ast.walk(tree))
        tree._may_make_slices = cached  # (the tree is parsed once per file and shared by its readers)
    return cached


def _makes(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id in _MAKER_NAMES
    if isinstance(node, ast.Attribute):
        return node.attr in _MAKER_ATTRIBUTES or node.attr in _MAKER_NAMES
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return node.name in _MAKER_NAMES
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in _MAKER_NAMES  # `getattr(builtins, "slice")`
    return False
