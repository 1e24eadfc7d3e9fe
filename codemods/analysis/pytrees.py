"""Pytrees of params through the interpreter: `jax.tree.map` (one tree or several of the same
structure) and `jax.tree.leaves`. A tree is a TupleValue or DictValue; leaves in one state may
also stand as one AxisState (one spec for the whole tree)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import ast

from codemods.analysis.transfer import collective_rule
from codemods.analysis.values import (
    UNKNOWN,
    AxisState,
    Const,
    DictValue,
    Function,
    JaxName,
    Partial,
    TupleValue,
    Value,
    leaves,
)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

TREE_LEAVES = frozenset({"jax.tree.leaves", "jax.tree_util.tree_leaves"})


def tree_leaves(tree: Value) -> Value:
    """The leaves of a tree of known structure, in JAX's order (dict keys sorted; None is an
    empty subtree)."""
    if not isinstance(tree, (TupleValue, DictValue)):
        return UNKNOWN
    return TupleValue(tuple(_ordered_leaves(tree)))


def _ordered_leaves(tree: Value):
    if isinstance(tree, TupleValue):
        for item in tree.items:
            yield from _ordered_leaves(item)
    elif isinstance(tree, DictValue):
        for key in sorted(tree.keys):
            yield from _ordered_leaves(tree.get(key))
    elif tree != Const(None):
        yield tree


def _same_structure(trees: list[Value]) -> bool:
    first = trees[0]
    if isinstance(first, TupleValue):
        return all(isinstance(tree, TupleValue) and len(tree.items) == len(first.items) for tree in trees) and all(
            _same_structure([tree.items[index] for tree in trees]) for index in range(len(first.items)))
    if isinstance(first, DictValue):
        return all(isinstance(tree, DictValue) and set(tree.keys) == set(first.keys) for tree in trees) and all(
            _same_structure([tree.get(key) for tree in trees]) for key in first.keys)
    return all(isinstance(tree, AxisState) for tree in trees)


def _zip_map(trees: list[Value], apply) -> Value:
    first = trees[0]
    if isinstance(first, TupleValue):
        return TupleValue(tuple(_zip_map([tree.items[index] for tree in trees], apply) for index in range(len(first.items))))
    if isinstance(first, DictValue):
        return DictValue(first.keys, tuple(_zip_map([tree.get(key) for tree in trees], apply) for key in first.keys))
    return apply(trees)


class Pytrees:
    """The pytree half of the Interpreter (which supplies call and analysed_refs)."""

    def tree_map(self, args, frame: Frame, expr: ast.Call | None = None, is_leaf: bool = False) -> Value:
        """`jax.tree.map(f, tree, *rest)`: f on each leaf (with the matching leaves of `rest`)
        when the trees' structures are known and alike, else on the one state every leaf shares.
        `tree_map(partial(lax.psum, axis_name='i'), tree)` is the collective on the whole tree
        (judged there: a fix casts the tree). With `is_leaf=`, f may get whole subtrees: only an
        f that maps every leaf alike itself (a collective on its argument) is followed."""
        (func, func_node), trees = args[0], args[1:]
        if is_leaf and (len(trees) != 1 or not self._maps_leaves_alike(func)):
            return UNKNOWN
        if expr is not None and len(trees) == 1 and isinstance(func, Partial) and isinstance(func.func, JaxName) \
                and collective_rule(func.func.name) is not None:
            return self.call(func, expr, list(trees), {}, False, frame)
        values = [tree for tree, _ in trees]
        if isinstance(values[0], (TupleValue, DictValue)):
            if not _same_structure(values):
                return UNKNOWN
            found = [leaf for leaf in leaves(values[0]) if leaf != Const(None)]
            if not found or not all(isinstance(leaf, AxisState) for leaf in found):
                return UNKNOWN
            self._note_tree_map_ref(func, func_node)

            def apply(items: list[Value]) -> Value:
                if items[0] == Const(None):
                    return items[0]
                result = self.call(func, None, [(item, node) for item, (_, node) in zip(items, trees)], {}, False, frame)
                return result if isinstance(result, AxisState) else UNKNOWN

            return _zip_map(values, apply)
        if not all(isinstance(value, AxisState) for value in values):
            return UNKNOWN
        self._note_tree_map_ref(func, func_node)
        result = self.call(func, None, list(trees), {}, False, frame)
        return result if isinstance(result, AxisState) else UNKNOWN

    def _maps_leaves_alike(self, func: Value) -> bool:
        """f(subtree) is f on each of its leaves: a collective (JAX's take pytrees), bare, partial,
        or a one-parameter lambda / one-line function that only passes its parameter first to one."""
        if isinstance(func, Partial):
            return not func.args and self._maps_leaves_alike(func.func)
        if isinstance(func, JaxName):
            return collective_rule(func.name) is not None
        if not isinstance(func, Function):
            return False
        node = func.node
        if isinstance(node, ast.Lambda):
            body = node.body
        elif len(node.body) == 1 and isinstance(node.body[0], ast.Return):
            body = node.body[0].value
        else:
            return False
        arguments = node.args
        if arguments.posonlyargs or arguments.vararg or arguments.kwonlyargs or arguments.kwarg \
                or len(arguments.args) != 1 or arguments.defaults:
            return False
        param = arguments.args[0].arg
        if not isinstance(body, ast.Call) or not body.args or not isinstance(body.args[0], ast.Name) \
                or body.args[0].id != param:
            return False
        rest = body.args[1:] + [keyword.value for keyword in body.keywords] + [body.func]
        if any(isinstance(sub, ast.Name) and sub.id == param for item in rest for sub in ast.walk(item)):
            return False
        callee = self.eval(body.func, func.closure)
        return isinstance(callee, JaxName) and collective_rule(callee.name) is not None

    def _note_tree_map_ref(self, func: Value, func_node: ast.expr) -> None:
        if isinstance(func, Function) and isinstance(func_node, ast.Name):
            self.analysed_refs.setdefault(id(func.node), set()).add(id(func_node))
