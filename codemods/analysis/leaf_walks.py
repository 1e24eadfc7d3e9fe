"""How `jax.tree.map` finds the leaves it hands to f when the caller says more than the tree:
`is_leaf=` (a predicate JAX asks at every node, top down) and the `*_with_path` spellings (f
gets the leaf's key path first).

What JAX does (checked on jax 0.10.2):
- With `is_leaf=pred`, JAX calls `pred(node)` at each node from the root down; where it is true
  the node (a subtree or an object of a registered pytree class) is handed to f whole, else JAX
  flattens it. The result has f's result at each such place, whatever f returns.
- `tree_map_with_path(f, tree)` calls `f(path, leaf)`: `path` is a tuple of key entries, a
  `DictKey` (`.key`) for a dict item and a `SequenceKey` (`.idx`) for a tuple or list item, root
  first.

The analysis answers only what it holds for certain: the predicate's answer must be a Python bool
at every node it walks (an `isinstance` test of a plain dict, tuple or list against module
classes whose bases are all module classes is False: no such object is one of those), a node
whose answer is False must be a dict, a tuple or a list it holds item by item, or a known array;
anything else leaves the whole map unknown.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from codemods.dataclass_code import dataclass

import ast

from codemods import jaxapi
from codemods.analysis.cli_args import Namespace
from codemods.analysis.object_methods import class_chain
from codemods.analysis.pyvalues import SPREAD
from codemods.analysis.sequences import sequence
from codemods.analysis.syntax import one_parameter_expression
from codemods.analysis.values import (
    STATIC, UNKNOWN, AxisState, ClassValue, Const, DictValue, Function, Instance, JaxName, SpecValue, TupleValue, Value,
    record_fields, record_tuple,
)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

WITH_PATH = frozenset({"jax.tree.map_with_path", "jax.tree_util.tree_map_with_path"})
_FLATTEN_WITH_PATH = frozenset({"jax.tree.flatten_with_path", "jax.tree_util.tree_flatten_with_path"})
_LEAVES_WITH_PATH = frozenset({"jax.tree.leaves_with_path", "jax.tree_util.tree_leaves_with_path"})
_KEYSTR = "jax.tree_util.keystr"

_ISINSTANCE = JaxName("builtins.isinstance")
_SHARDING_CLASSES = frozenset({jaxapi.PARTITION_SPEC, "jax.sharding.NamedSharding"})
MAX_NODES = 64  # nodes a predicate is asked about in one map (a larger tree: unknown)


@dataclass(frozen=True)
class KeyEntry(Namespace):
    """A DictKey (`key`), SequenceKey (`idx`) or GetAttrKey (`name`) of a key path."""

    def text(self) -> str:
        """`str(entry)`: `['w']`, `[0]` or `.mu` (checked on jax 0.10.2)."""
        kind, key = self.names[0], self.items[0].value
        return f".{key}" if kind == "name" else f"[{key!r}]"


def key_path(tree: Value, path: tuple) -> Value:
    """The key entries JAX hands f for the leaf at `path` of `tree` (a DictKey's `.key`, a
    SequenceKey's `.idx`, read back by name)."""
    entries = []
    for step in path:
        if isinstance(tree, DictValue):
            entries.append(KeyEntry(("key",), (Const(step),)))
            tree = tree.get(step)
        elif isinstance(tree, Instance):  # a NamedTuple: a GetAttrKey (`.name`)
            entries.append(KeyEntry(("name",), (Const(record_fields(tree.cls)[step]),)))
            tree = record_tuple(tree).items[step]
        else:
            entries.append(KeyEntry(("idx",), (Const(step),)))
            tree = tree.items[step]
    return TupleValue(tuple(entries))


def path_call(name: str, args, keywords, starred) -> Value | None:
    """`tree_flatten_with_path(tree)` ((path, leaf) pairs in JAX's order, and a treedef),
    `tree_leaves_with_path(tree)` (the pairs) and `keystr(path)` of a path the analysis holds
    (`['a'][0]`, or `a/0` with `simple=True, separator='/'`); None: not such a call; UNKNOWN
    when the tree or path is not held item by item."""
    from codemods.analysis.pytrees import _at, _paths, plain_tree

    if name in _FLATTEN_WITH_PATH or name in _LEAVES_WITH_PATH:
        if starred or keywords or len(args) != 1:
            return UNKNOWN
        tree = args[0][0]
        plain = plain_tree(tree)
        if not isinstance(plain, (TupleValue, DictValue)) or holds_objects(tree):
            return UNKNOWN
        try:
            order = sorted(path for path, _ in _paths(plain, ()))
        except TypeError:  # keys Python cannot order: not followed
            return UNKNOWN
        pairs = TupleValue(tuple(TupleValue((key_path(tree, path), _at(plain, path))) for path in order))
        return TupleValue((pairs, STATIC)) if name in _FLATTEN_WITH_PATH else pairs
    if name == "builtins.str" and len(args) == 1 and not keywords and not starred:
        value = args[0][0]  # `str(k)` of a key entry, or of a literal (`str(getattr(k, "key", k))`)
        if isinstance(value, KeyEntry):
            return Const(value.text())
        return Const(str(value.value)) if isinstance(value, Const) and type(value.value) in (str, int) else None
    if name == "builtins.getattr" and isinstance(args[0][0] if args else None, KeyEntry) and not keywords \
            and not starred and len(args) in (2, 3) and isinstance(args[1][0], Const):
        entry, attr = args[0][0], args[1][0].value  # `getattr(k, "key", k)`: a DictKey's key, else k
        return entry.attribute(attr) if attr in entry.names else args[2][0] if len(args) == 3 else UNKNOWN
    if name != _KEYSTR:
        return None
    options = {key: value for key, (value, _) in keywords.items()}
    if starred or len(args) != 1 or set(options) - {"simple", "separator"} \
            or not all(isinstance(value, Const) for value in options.values()):
        return UNKNOWN
    entries = args[0][0]
    if not isinstance(entries, TupleValue) or not all(isinstance(entry, KeyEntry) for entry in entries.items):
        return UNKNOWN
    keys = [(entry.names[0], entry.items[0].value) for entry in entries.items]
    simple = options.get("simple", Const(False)).value
    separator = options.get("separator", Const(None)).value
    if separator is not None and not isinstance(separator, str) or simple not in (True, False):
        return UNKNOWN
    if simple:
        return Const((separator or "").join(str(key) for _, key in keys))
    return Const((separator or "").join(entry.text() for entry in entries.items))


def holds_objects(value: Value) -> bool:
    """Whether a tree holds objects of module classes (a NamedTuple's key is a GetAttrKey, a
    registered class's keys are its own): their key paths are not followed."""
    if isinstance(value, Instance):
        flat = record_tuple(value)  # a NamedTuple of arrays is walked by its fields
        return not isinstance(flat, TupleValue) or holds_objects(flat)
    if isinstance(value, TupleValue):
        return any(holds_objects(item) for item in value.items)
    if isinstance(value, DictValue):
        return any(holds_objects(item) for item in value.items)
    return False


def spec_value(args, keywords, starred) -> Value:
    """`P(...)` of entries the analysis holds (None, axis names, tuples of them) and no keywords:
    the spec as a value whose entries a leaf function may read (`tuple(a for a in spec if a)`);
    anything else unknown (iterating a spec with `reduced=` raises). A `**kw` spread that
    brought no keyword (`P(*entries, **kw)` of a helper called without any) adds nothing."""
    if keywords or starred and starred != SPREAD:
        return UNKNOWN
    entries = []
    for value, _ in args:
        if isinstance(value, TupleValue):
            value = sequence(list(value.items))
        if not isinstance(value, Const) or not (value.value is None or isinstance(value.value, str) or isinstance(
                value.value, tuple) and all(isinstance(axis, str) for axis in value.value)):
            return UNKNOWN
        entries.append(value)
    return SpecValue(tuple(entries))


def _known_array(value: Value) -> bool:
    return type(value) is AxisState and not value.unknown


class LeafWalks:
    """The is_leaf half of the Interpreter's pytrees (which supplies call, eval and silent)."""

    def leaves_by_test(self, test: Value, tree: Value, node: ast.expr, frame: Frame) -> list[tuple[tuple, Value]] | None:
        """(path, node) of each place JAX hands f a node of `tree` under `is_leaf=test`, in the
        tree's own order; None when some answer is not certain."""
        found: list[tuple[tuple, Value]] = []
        budget = [MAX_NODES]

        def walk(value: Value, prefix: tuple) -> bool:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            answer = self._leaf_answer(test, value, node, frame)
            if answer is True:
                found.append((prefix, value))
                return True
            if answer is None and not _known_array(value):
                return False
            if isinstance(value, TupleValue):
                return all(walk(item, prefix + (index,)) for index, item in enumerate(value.items))
            if isinstance(value, DictValue) and type(value) is DictValue:
                return all(walk(item, prefix + (key,)) for key, item in zip(value.keys, value.items))
            if value == Const(None):
                return True  # an empty subtree
            if _known_array(value) or isinstance(value, SpecValue):
                found.append((prefix, value))
                return True
            return False  # an object JAX would flatten by its own rules

        return found if walk(tree, ()) else None

    def _leaf_answer(self, test: Value, value: Value, node: ast.expr, frame: Frame) -> bool | None:
        if not isinstance(test, Function):
            return None
        self.silent += 1  # asking the predicate judges nothing
        try:
            answer = self.call(test, None, [(value, node)], {}, False, frame)
        finally:
            self.silent -= 1
        if isinstance(answer, Const) and type(answer.value) is bool:
            return answer.value
        if type(value) in (DictValue, TupleValue, SpecValue) or value == Const(None) or _known_array(value):
            return self._class_test(test, value)
        return None

    def _class_test(self, test: Function, value: Value) -> bool | None:
        """The answer of a predicate `isinstance(<its parameter>, C)` (or a tuple of classes) where
        Python's answer does not depend on what the analysis left out: with C module classes
        whose bases are module classes, a plain dict, tuple, list, None, spec or array is no
        such object; with C `PartitionSpec` or `NamedSharding` (the idiom of older JAX), only a
        spec is one."""
        shape = one_parameter_expression(test.node)
        if shape is None:
            return None
        param, body = shape
        if not (isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and body.func.id == "isinstance"
                and len(body.args) == 2 and not body.keywords and isinstance(body.args[0], ast.Name)
                and body.args[0].id == param):
            return None
        if self.eval(body.func, test.closure) != _ISINSTANCE:
            return None  # `isinstance` rebound
        classes = self.eval(body.args[1], test.closure)
        targets = classes.items if isinstance(classes, TupleValue) else (classes,)
        if targets and all(isinstance(item, JaxName) and item.name in _SHARDING_CLASSES for item in targets):
            return isinstance(value, SpecValue) and JaxName(jaxapi.PARTITION_SPEC) in targets
        if not targets or not all(isinstance(item, ClassValue) and class_chain(self.scope, item.cls) is not None
                                  for item in targets):
            return None
        return False

