"""Trees of values in a script run as JAX walks them (script_jax.py; issue 13): `jax.tree.map`,
`jax.tree.leaves`, and each array leaf of a tree replaced. A dict's keys come sorted (all strs
or all ints; a mix JAX cannot sort stops the run), an OrderedDict's as inserted; a NamedTuple
and a registered pytree class are rebuilt with their own class; None is an empty subtree.

Kept apart from script_jax.py (what each library call gives) because the tree walk is one
concept of its own, read also by tree_flattening.py, key_paths.py and shape_structs.py. The code
moved here unchanged.
"""
from __future__ import annotations

from collections import OrderedDict

from codemods.analysis import script_pytree_nodes as pytree
from codemods.analysis.host_objects import Bail
from codemods.analysis.shape_structs import ShapeStruct
from codemods.analysis.script_values import Arr, MeshObj, NTup, ShardObj, SpecObj, UObj, ntup


def _leaves(tree: object, leaf, depth: int = 0) -> object:
    """`tree` with each array (or number) leaf replaced by `leaf(it)`."""
    if depth > 12:
        raise Bail
    if tree is None:
        return None
    if type(tree) in (Arr, int, float, bool):
        return leaf(tree)
    if type(tree) in (dict, OrderedDict):
        return type(tree)((key, _leaves(tree[key], leaf, depth + 1)) for key in _sorted_keys(tree))
    if type(tree) in (tuple, list):
        return type(tree)(_leaves(item, leaf, depth + 1) for item in tree)
    if type(tree) is NTup:
        return ntup(tree.cls, [_leaves(item, leaf, depth + 1) for item in tree])
    if pytree.registration(tree) is not None:  # (a static meta field stays as it is)
        return pytree.rebuilt(tree, [_leaves(item, leaf, depth + 1) for item in pytree.children(tree)])
    raise Bail


def _sorted_keys(tree: dict) -> list:
    """The keys in the order JAX flattens them: a dict's sorted, an OrderedDict's as inserted
    (all strs, or all ints: `{i: state}` of an nnx.jit-like wrapper; a mix JAX cannot sort)."""
    if not (all(type(key) is str for key in tree) or all(type(key) is int for key in tree)):
        raise Bail
    return list(tree) if type(tree) is OrderedDict else sorted(tree)


def tree_map(run, func: object, tree: object, rest: list, is_leaf: object) -> object:
    def walk(node, others, depth):
        if depth > 12:
            raise Bail
        if is_leaf is not None and run.truth(run.call(is_leaf, [node], {})):
            return run.call(func, [node, *others], {})
        if node is None:
            if any(other is not None for other in others):
                raise Bail
            return None
        if type(node) in (dict, OrderedDict):
            keys = _sorted_keys(node)
            if not all(type(other) is type(node) and set(other) == set(node)
                       and (type(node) is dict or list(other) == keys) for other in others):
                raise Bail
            return type(node)((key, walk(node[key], [other[key] for other in others], depth + 1)) for key in keys)
        if type(node) in (tuple, list, NTup):
            if not all(type(other) is type(node) and len(other) == len(node)
                       and (type(node) is not NTup or other.cls is node.cls) for other in others):
                raise Bail
            items = [walk(item, [other[i] for other in others], depth + 1) for i, item in enumerate(node)]
            return ntup(node.cls, items) if type(node) is NTup else type(node)(items)
        if type(node) in (Arr, SpecObj, ShardObj, int, float, bool, str, ShapeStruct, MeshObj) or type(node) is UObj \
                and node.cls.kind in ("plain", "dataclass") and node.data is None and not node.cls.registered:
            return run.call(func, [node, *others], {})
        if pytree.registration(node) is not None and pytree.alike(node, others):
            items = [walk(item, [pytree.children(other)[i] for other in others], depth + 1)
                     for i, item in enumerate(pytree.children(node))]
            return pytree.rebuilt(node, items)
        raise Bail

    return walk(tree, list(rest), 0)


def tree_leaves(run, tree: object, is_leaf: object, depth: int = 0) -> list:
    if depth > 12:
        raise Bail
    if is_leaf is not None and run.truth(run.call(is_leaf, [tree], {})):
        return [tree]
    if tree is None:
        return []
    if type(tree) in (dict, OrderedDict):
        return [leaf for key in _sorted_keys(tree) for leaf in tree_leaves(run, tree[key], is_leaf, depth + 1)]
    if type(tree) in (tuple, list, NTup):
        return [leaf for item in tree for leaf in tree_leaves(run, item, is_leaf, depth + 1)]
    if type(tree) in (Arr, SpecObj, ShardObj, int, float, bool, str, ShapeStruct, MeshObj):  # (a Mesh is a leaf)
        return [tree]
    if pytree.registration(tree) is not None:
        return [leaf for item in pytree.children(tree) for leaf in tree_leaves(run, item, is_leaf, depth + 1)]
    raise Bail


def _rank(leaf: object) -> int | None:
    return leaf.ndim if type(leaf) is Arr else 0 if type(leaf) in (int, float, bool) else None
