"""Key paths of a pytree in a script run (script_run.py; issue 13): `tree_map_with_path`,
`tree_flatten_with_path`, `tree_leaves_with_path` and `keystr`, as host code uses them to pick a
spec or an axis per leaf (`P("model") if path[-1].key == "w" else P()`).

What JAX does (checked on jax 0.10.2): a dict item's key entry is a DictKey (`.key`), a tuple or
list item's a SequenceKey (`.idx`), a NamedTuple field's a GetAttrKey (`.name`); `str` of an entry
is `['w']`, `[0]` or `.mu`; an entry never equals a plain key (`DictKey("w") == "w"` is False);
`keystr(path, *, simple=False, separator="")` joins the entries' texts (with `simple`, the bare
keys) by `separator`. Leaves come in JAX's order (a dict's keys sorted, an OrderedDict's as
inserted); None is an empty subtree. f of `tree_map_with_path(f, tree, *rest)` gets the path, the
leaf and the matching leaves of `rest`, whose structures must be the first tree's.

The run answers only what is certain: an entry read by another field (`DictKey.idx`: JAX raises
AttributeError), its repr, its comparison with anything but an entry, `is_leaf=`, and trees of
objects the run does not walk stop the run (Bail).
"""
from __future__ import annotations

from collections import OrderedDict

from codemods.analysis import script_pytree_nodes as pytree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import NTup, ntup
from codemods.analysis.tree_flattening import _LEAF_TYPES, _made

_FIELDS = {"key": "DictKey", "idx": "SequenceKey", "name": "GetAttrKey"}
MAX_DEPTH = 12


class KeyObj(ModelledObject):
    """One key entry: its field (`key`, `idx` or `name`) and value."""

    __slots__ = ("field", "value")

    def __init__(self, field: str, value: object) -> None:
        self.field, self.value = field, value

    def attribute(self, run, name: str) -> object:
        if name == self.field:
            return self.value
        raise Bail  # (another entry's field raises AttributeError in JAX: not modelled)

    def __str__(self) -> str:
        return f".{self.value}" if self.field == "name" else f"[{self.value!r}]"

    def __format__(self, spec: str) -> str:
        if spec:
            raise Bail
        return str(self)

    def __repr__(self) -> str:
        raise Bail  # `DictKey(key='w')`: not modelled

    def __eq__(self, other: object) -> bool:
        if type(other) is not KeyObj:
            raise Bail
        return (self.field, self.value) == (other.field, other.value)

    def __hash__(self) -> int:
        return hash((self.field, self.value))


_KINDS = {"jax.tree_util.DictKey": "key", "jax.tree_util.SequenceKey": "idx", "jax.tree_util.GetAttrKey": "name",
          "jax.tree_util.FlattenedIndexKey": None}


def entry_instance(obj: object, kind_name: str) -> bool | None:
    """`isinstance(k, jax.tree_util.DictKey)` (SequenceKey, GetAttrKey, FlattenedIndexKey) of a
    key entry the run made, or of a plain value (an entry is none of these, nor they an entry);
    None when `kind_name` is no key class or `obj` is another object (not followed)."""
    if kind_name not in _KINDS:
        return None
    if type(obj) is KeyObj:
        return obj.field == _KINDS[kind_name]  # (the four classes derive from none of the others)
    if type(obj) in (int, float, str, bool, tuple, list, dict, type(None)):
        return False
    return None


def _pairs(run, tree: object, prefix: tuple, found: list, depth: int = 0, is_leaf: object = None,
           decided: list | None = None) -> None:
    """(path, leaf) of each leaf of `tree` in JAX's order. `is_leaf` is asked of every subtree
    first, None included, as JAX asks it; its answers are kept in `decided` in walk order."""
    from codemods.analysis.script_jax import _sorted_keys

    if depth > MAX_DEPTH:
        raise Bail
    if is_leaf is not None:
        decided.append(run.truth(run.call(is_leaf, [tree], {})))
        if decided[-1]:
            found.append((prefix, tree))
            return
    if tree is None:
        return
    if type(tree) in (dict, OrderedDict):
        for key in _sorted_keys(tree):
            _pairs(run, tree[key], prefix + (KeyObj("key", key),), found, depth + 1, is_leaf, decided)
    elif type(tree) is NTup:
        fields = list(tree.cls.fields)
        if len(fields) != len(tree):
            raise Bail
        for name, item in zip(fields, tree):
            _pairs(run, item, prefix + (KeyObj("name", name),), found, depth + 1, is_leaf, decided)
    elif type(tree) in (tuple, list):
        for index, item in enumerate(tree):
            _pairs(run, item, prefix + (KeyObj("idx", index),), found, depth + 1, is_leaf, decided)
    elif type(tree) in _LEAF_TYPES:
        found.append((prefix, tree))
    elif type(registered := pytree.registration(tree)) is pytree.Registration:
        # (`register_dataclass`: one GetAttrKey per data field, in `data_fields` order; meta fields
        # are no children)
        for name, item in zip(registered.data, pytree.children(tree)):
            _pairs(run, item, prefix + (KeyObj("name", name),), found, depth + 1, is_leaf, decided)
    elif type(registered) is pytree.ByHand and registered.keyed:
        # (`register_pytree_with_keys`: the entries its flatten_with_keys gives, in its order)
        for key, item in registered.keyed_pairs(tree):
            if type(key) is not KeyObj:
                raise Bail  # (an entry JAX takes as it is, but the run does not model)
            _pairs(run, item, prefix + (key,), found, depth + 1, is_leaf, decided)
    else:
        raise Bail  # (a class registered by hand, an object the run does not walk)


def _leaf_pairs(run, tree: object) -> list:
    found: list = []
    _pairs(run, tree, (), found)
    return found


def _flatten_with_path(run, args: list, kwargs: dict) -> tuple:
    if len(args) != 1 or kwargs:
        raise Bail
    pairs = _leaf_pairs(run, args[0])
    leaves, treedef = _made(run, [args[0]], {})  # (the same walk, in the same order: tree_flattening.py)
    if len(leaves) != len(pairs):
        raise Bail
    return [(path, leaf) for path, leaf in pairs], treedef


def _leaves_with_path(run, args: list, kwargs: dict) -> list:
    if len(args) != 1 or kwargs:
        raise Bail
    return [(path, leaf) for path, leaf in _leaf_pairs(run, args[0])]


def _rebuilt(tree: object, results, depth: int = 0, decided=None) -> object:
    """`tree`'s structure with the results in leaf order (dicts rebuilt with sorted keys, as JAX
    does); `decided`: is_leaf's answers in walk order, read again rather than asked twice."""
    from codemods.analysis.script_jax import _sorted_keys

    if decided is not None and next(decided):
        return next(results)
    if tree is None:
        return None
    if type(tree) in (dict, OrderedDict):
        return type(tree)((key, _rebuilt(tree[key], results, depth + 1, decided)) for key in _sorted_keys(tree))
    if type(tree) in (tuple, list, NTup):
        items = [_rebuilt(item, results, depth + 1, decided) for item in tree]
        return ntup(tree.cls, items) if type(tree) is NTup else type(tree)(items)
    if type(found := pytree.registration(tree)) is pytree.Registration or type(found) is pytree.ByHand and found.keyed:
        return pytree.rebuilt(tree, [_rebuilt(item, results, depth + 1, decided) for item in pytree.children(tree)])
    return next(results)


def _map_with_path(run, args: list, kwargs: dict) -> object:
    if len(args) < 2 or set(kwargs) - {"is_leaf"} or kwargs and (len(args) > 2 or kwargs["is_leaf"] is None):
        raise Bail  # (`is_leaf=` with more trees, whose leaves may then be subtrees: not modelled here)
    func, tree, rest = args[0], args[1], args[2:]
    if kwargs:
        pairs, decided = [], []
        _pairs(run, tree, (), pairs, 0, kwargs["is_leaf"], decided)
        results = [run.call(func, [tuple(path), leaf], {}) for path, leaf in pairs]
        return _rebuilt(tree, iter(results), 0, iter(decided))
    pairs = _leaf_pairs(run, tree)
    others = [_leaf_pairs(run, other) for other in rest]
    if any([path for path, _ in other] != [path for path, _ in pairs] for other in others):
        raise Bail  # (JAX raises on trees of other structures; a longer tree is not checked here)
    results = [run.call(func, [tuple(path), leaf, *(other[index][1] for other in others)], {})
               for index, (path, leaf) in enumerate(pairs)]
    return _rebuilt(tree, iter(results))


def _keystr(run, args: list, kwargs: dict) -> str:
    if len(args) != 1 or set(kwargs) - {"simple", "separator"}:
        raise Bail
    path, simple, separator = args[0], kwargs.get("simple", False), kwargs.get("separator", "")
    if type(path) not in (tuple, list) or not all(type(entry) is KeyObj for entry in path) \
            or type(simple) is not bool or type(separator) is not str:
        raise Bail
    return separator.join(str(entry.value) if simple else str(entry) for entry in path)


_ENTRY_ARGS = {"name": (str,), "idx": (int,), "key": (str, int)}


def _entry(field: str):
    """`jax.tree_util.GetAttrKey("w")` (SequenceKey(0), DictKey("w")), as a flatten_with_keys makes
    them (script_pytree_nodes.py): one positional str name (int index; str or int key); JAX's
    constructors refuse another type (TypeError) and keep an unhashable dict key: not followed."""
    def made(run, args: list, kwargs: dict) -> KeyObj:
        if len(args) != 1 or kwargs or type(args[0]) not in _ENTRY_ARGS[field]:
            raise Bail
        return KeyObj(field, args[0])
    return made


LIBRARY = {
    "jax.tree_util.GetAttrKey": _entry("name"), "jax.tree_util.SequenceKey": _entry("idx"),
    "jax.tree_util.DictKey": _entry("key"),
    "jax.tree_util.tree_map_with_path": _map_with_path, "jax.tree.map_with_path": _map_with_path,
    "jax.tree_util.tree_flatten_with_path": _flatten_with_path, "jax.tree.flatten_with_path": _flatten_with_path,
    "jax.tree_util.tree_leaves_with_path": _leaves_with_path, "jax.tree.leaves_with_path": _leaves_with_path,
    "jax.tree_util.keystr": _keystr,
}
