"""`jax.tree.flatten` / `unflatten` / `structure` in a script run (script_run.py; issue 13).

Host code flattens a tree of specs or arrays, works on the leaf list (zips it with names, swaps
some leaves) and rebuilds the tree. The leaves come in JAX's order (a dict's keys sorted, an
OrderedDict's as inserted, None an empty subtree: script_trees.tree_leaves); the treedef keeps the
tree's skeleton, read once when flattening (an `is_leaf` is called there only, as in JAX), and
`unflatten` fills it with new leaves in the same order: a dict comes back with its keys sorted.
A leaf count other than the treedef's raises in JAX; the run stops there instead (Bail).
"""
from __future__ import annotations

from collections import OrderedDict

from codemods.analysis import script_pytree_nodes as pytree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Arr, MeshObj, NTup, RunCallable, ShardObj, SpecObj, UObj, ntup
from codemods.analysis.shape_structs import ShapeStruct

_LEAF = object()  # (where a leaf was, in a skeleton)


class _Registered:
    """A registered dataclass object in a skeleton: its meta values and the skeletons of its data fields."""

    __slots__ = ("items", "meta", "tree")

    def __init__(self, tree: object, meta: tuple, items: list) -> None:
        self.tree, self.meta, self.items = tree, meta, items


_LEAF_TYPES = (Arr, SpecObj, ShardObj, int, float, bool, str, ShapeStruct, MeshObj)  # (no pytree node: leaves)


class TreeDefObj(ModelledObject):
    """A PyTreeDef. Two compare equal, and hash alike, when their skeletons are the same: the same
    node kinds, dict keys, NamedTuple and registered classes, and registered nodes' aux data
    equal (by `==`, as JAX compares them): a filter_jit-like wrapper keys its cache on one."""

    __slots__ = ("count", "skeleton")

    def __init__(self, skeleton: object, count: int) -> None:
        self.skeleton, self.count = skeleton, count

    def __eq__(self, other: object) -> bool:
        if type(other) is not TreeDefObj:
            raise Bail  # (against anything else: not modelled)
        return _outline(self.skeleton) == _outline(other.skeleton)

    def __hash__(self) -> int:
        return hash(_outline(self.skeleton))

    def attribute(self, run, name: str) -> object:
        if name == "num_leaves":
            return self.count
        if name == "unflatten":
            return _Unflatten(self)
        if name == "flatten_up_to":
            return _FlattenUpTo(self)
        raise Bail


class _FlattenUpTo(RunCallable):
    """`treedef.flatten_up_to(tree)`: the subtrees of `tree` at the treedef's leaves, in its leaf
    order (the optimizer-state trees that mirror the params, read leaf by leaf). JAX raises where
    `tree` has another node than the treedef's: not modelled (Bail)."""

    __slots__ = ("treedef",)

    def __init__(self, treedef: TreeDefObj) -> None:
        self.treedef = treedef

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs:
            raise Bail
        found: list = []
        _up_to(self.treedef.skeleton, args[0], found)
        return found


def _up_to(skeleton: object, tree: object, found: list, depth: int = 0) -> None:
    if depth > 12:
        raise Bail
    if skeleton is _LEAF:
        found.append(tree)  # (a whole subtree where the treedef has a leaf, as JAX gives it)
    elif skeleton is None:
        if tree is not None:
            raise Bail
    elif type(skeleton) is dict:
        if type(tree) is not dict or set(tree) != set(skeleton):
            raise Bail
        for key in skeleton:  # (the skeleton's keys are in JAX's sorted order)
            _up_to(skeleton[key], tree[key], found, depth + 1)
    elif type(skeleton) in (tuple, list):
        if type(tree) is not type(skeleton) or len(tree) != len(skeleton):
            raise Bail
        for part, item in zip(skeleton, tree):
            _up_to(part, item, found, depth + 1)
    elif type(skeleton) is NTup:
        if type(tree) is not NTup or tree.cls is not skeleton.cls or len(tree) != len(skeleton):
            raise Bail
        for part, item in zip(skeleton, tree):
            _up_to(part, item, found, depth + 1)
    elif type(skeleton) is _Registered and type(pytree.registration(skeleton.tree)) is pytree.Registration:
        if type(tree) is not UObj or tree.cls is not skeleton.tree.cls or pytree.meta_values(tree) != skeleton.meta:
            raise Bail
        for part, item in zip(skeleton.items, pytree.children(tree)):
            _up_to(part, item, found, depth + 1)
    else:
        raise Bail  # (an OrderedDict, a class registered by hand: not modelled)


class _Unflatten(RunCallable):
    __slots__ = ("treedef",)

    def __init__(self, treedef: TreeDefObj) -> None:
        self.treedef = treedef

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs:
            raise Bail
        return unflatten(run, self.treedef, args[0])


def _skeleton(run, tree: object, is_leaf: object, leaves: list, depth: int = 0) -> object:
    from codemods.analysis.script_jax import _sorted_keys

    if depth > 12:
        raise Bail
    if is_leaf is not None and run.truth(run.call(is_leaf, [tree], {})):
        leaves.append(tree)
        return _LEAF
    if tree is None:
        return None
    if type(tree) in (dict, OrderedDict):
        return type(tree)((key, _skeleton(run, tree[key], is_leaf, leaves, depth + 1)) for key in _sorted_keys(tree))
    if type(tree) in (tuple, list, NTup):
        items = [_skeleton(run, item, is_leaf, leaves, depth + 1) for item in tree]
        return ntup(tree.cls, items) if type(tree) is NTup else type(tree)(items)
    if type(tree) in _LEAF_TYPES:
        leaves.append(tree)
        return _LEAF
    if pytree.registration(tree) is not None:  # (script_pytree_nodes.py)
        return _Registered(tree, pytree.meta_values(tree),
                           [_skeleton(run, item, is_leaf, leaves, depth + 1) for item in pytree.children(tree)])
    raise Bail  # (a class registered otherwise, an object the run does not know as a leaf or a node)


def _outline(skeleton: object) -> object:
    """A value that compares and hashes as the PyTreeDef of `skeleton` does."""
    if skeleton is _LEAF:
        return "leaf"
    if skeleton is None:
        return None
    if type(skeleton) in (dict, OrderedDict):
        return (type(skeleton).__name__, tuple(skeleton), tuple(_outline(item) for item in skeleton.values()))
    if type(skeleton) in (tuple, list):
        return (type(skeleton).__name__, tuple(_outline(item) for item in skeleton))
    if type(skeleton) is NTup:
        return ("namedtuple", id(skeleton.cls), tuple(_outline(item) for item in skeleton))
    if type(skeleton) is _Registered:
        return ("registered", id(skeleton.tree.cls), skeleton.meta, tuple(_outline(item) for item in skeleton.items))
    raise Bail


def _fill(skeleton: object, leaves) -> object:
    if skeleton is _LEAF:
        return next(leaves)
    if type(skeleton) in (dict, OrderedDict):
        return type(skeleton)((key, _fill(item, leaves)) for key, item in skeleton.items())
    if type(skeleton) in (tuple, list, NTup):
        items = [_fill(item, leaves) for item in skeleton]
        return ntup(skeleton.cls, items) if type(skeleton) is NTup else type(skeleton)(items)
    if type(skeleton) is _Registered:
        return pytree.rebuilt(skeleton.tree, [_fill(item, leaves) for item in skeleton.items], skeleton.meta)
    return skeleton  # (None)


def _made(run, args: list, kwargs: dict) -> tuple:
    if len(args) != 1 or not set(kwargs) <= {"is_leaf"}:
        raise Bail
    leaves: list = []
    skeleton = _skeleton(run, args[0], kwargs.get("is_leaf"), leaves)
    return leaves, TreeDefObj(skeleton, len(leaves))


def _flatten(run, args: list, kwargs: dict) -> tuple:
    return _made(run, args, kwargs)


def _structure(run, args: list, kwargs: dict) -> TreeDefObj:
    return _made(run, args, kwargs)[1]


def unflatten(run, treedef: object, leaves: object) -> object:
    if type(treedef) is not TreeDefObj:
        raise Bail
    items = list(run.iterate(leaves))
    if len(items) != treedef.count:
        raise Bail  # (JAX raises: too few or too many leaves)
    return _fill(treedef.skeleton, iter(items))


def _unflatten(run, args: list, kwargs: dict) -> object:
    if len(args) != 2 or kwargs:
        raise Bail
    return unflatten(run, args[0], args[1])


LIBRARY = {"jax.tree.flatten": _flatten, "jax.tree_util.tree_flatten": _flatten, "jax.tree.structure": _structure,
           "jax.tree_util.tree_structure": _structure, "jax.tree.unflatten": _unflatten,
           "jax.tree_util.tree_unflatten": _unflatten}
