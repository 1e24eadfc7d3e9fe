"""Pytrees of params through the interpreter: `jax.tree.map` (one tree or several of the same
structure) and `jax.tree.leaves`. A tree is a TupleValue or DictValue; leaves in one state may
also stand as one AxisState (one spec for the whole tree)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import ast

from codemods.analysis.sites import Site
from codemods.analysis.syntax import one_parameter_expression
from codemods.analysis import transfer
from codemods.analysis.transfer import collective_rule
from codemods.analysis.values import (
    UNKNOWN,
    State,
    map_leaves,
    AxisState,
    Const,
    DictValue,
    Function,
    Instance,
    JaxName,
    Partial,
    SameLeaves,
    SpecValue,
    TupleValue,
    Value,
    leaves,
    record_fields,
    record_tuple,
)

from codemods.analysis.pytree_grads import module_tree_map
from codemods.analysis.leaf_walks import LeafWalks, holds_objects, key_path

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

Q, U = State.UNKNOWN, State.UNREDUCED

TREE_LEAVES = frozenset({"jax.tree.leaves", "jax.tree_util.tree_leaves"})


def tree_leaves(tree: Value) -> Value:
    """The leaves of a tree of known structure, in JAX's order (dict keys sorted; None is an
    empty subtree)."""
    if isinstance(tree, AxisState) and not tree.mixed and not tree.unknown and not tree.has(State.REDUCED) \
            and not tree.has(U):
        return SameLeaves(replace(tree, shape=None))
    tree = plain_tree(tree)
    if not isinstance(tree, (TupleValue, DictValue)):
        return UNKNOWN
    return TupleValue(tuple(_ordered_leaves(tree)), "list")  # `jax.tree.leaves` gives a list


def plain_tree(value: Value) -> Value:
    """The tree with each object of a module NamedTuple (params, grads) as the tuple of its
    fields, in their order: JAX flattens a NamedTuple as the tuple it is."""
    if isinstance(value, Instance):
        flat = record_tuple(value)
        return TupleValue(tuple(plain_tree(item) for item in flat.items)) if isinstance(flat, TupleValue) else value
    if isinstance(value, TupleValue):
        return TupleValue(tuple(plain_tree(item) for item in value.items), value.kind)
    if isinstance(value, DictValue):
        return DictValue(value.keys, tuple(plain_tree(item) for item in value.items))
    return value


def restored(template: Value, result: Value) -> Value:
    """`result`, mapped from `plain_tree(template)`, with the NamedTuple objects of `template` back
    (`jax.tree.map` gives an object of the same class)."""
    if isinstance(template, Instance) and isinstance(result, TupleValue):
        order = record_fields(template.cls)
        if order is None or len(order) != len(result.items):
            return UNKNOWN
        items = [restored(dict(template.fields)[name], item) for name, item in zip(order, result.items)]
        return Instance(template.cls, tuple(sorted(zip(order, items))))
    if isinstance(template, TupleValue) and isinstance(result, TupleValue) and len(template.items) == len(result.items):
        return TupleValue(tuple(map(restored, template.items, result.items)), template.kind)  # a list stays one
    if isinstance(template, DictValue) and isinstance(result, DictValue) and template.keys == result.keys:
        return DictValue(result.keys, tuple(map(restored, template.items, result.items)))
    return result


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
    return all(isinstance(tree, (AxisState, SpecValue)) for tree in trees)  # a PartitionSpec is a leaf


def _paths(tree: Value, prefix: tuple) -> list[tuple[tuple, Value]]:
    """(path, leaf) of each leaf, in the tree's own order (a path sorts in JAX's leaf order)."""
    if isinstance(tree, TupleValue):
        return [found for index, item in enumerate(tree.items) for found in _paths(item, prefix + (index,))]
    if isinstance(tree, DictValue):
        return [found for key, item in zip(tree.keys, tree.items) for found in _paths(item, prefix + (key,))]
    return [] if tree == Const(None) else [(prefix, tree)]


def _at(tree: Value, path: tuple) -> Value:
    for step in path:
        tree = tree.items[step] if isinstance(tree, TupleValue) else tree.get(step)
    return tree


def _rebuilt(tree: Value, prefix: tuple, results: dict[tuple, Value]) -> Value:
    if prefix in results:  # (a subtree an is_leaf predicate picked is replaced whole)
        return results[prefix]
    if isinstance(tree, TupleValue):
        return TupleValue(tuple(_rebuilt(item, prefix + (index,), results) for index, item in enumerate(tree.items)), tree.kind)
    if isinstance(tree, DictValue):
        return DictValue(tree.keys, tuple(_rebuilt(item, prefix + (key,), results) for key, item in zip(tree.keys, tree.items)))
    return results.get(prefix, tree)


class Pytrees(LeafWalks):
    """The pytree half of the Interpreter (which supplies call and analysed_refs)."""

    def tree_map(self, args, frame: Frame, expr: ast.Call | None = None, is_leaf: bool = False,
                 leaf_test: Value | None = None, with_path: bool = False) -> Value:
        """`jax.tree.map(f, tree, *rest)`: f on each leaf (with the matching leaves of `rest`)
        when the trees' structures are known and alike, else on the one state every leaf shares.
        `tree_map(partial(lax.psum, axis_name='i'), tree)` is the collective on the whole tree
        (judged there: a fix casts the tree). With `is_leaf=`, f may get whole subtrees: f is
        followed on the nodes the predicate certainly picks (leaf_walks.py), or when it maps every
        leaf alike itself (a collective on its argument). `with_path`: f gets each leaf's key
        path first (`tree_map_with_path`)."""
        (func, func_node), trees = args[0], args[1:]
        if with_path and (is_leaf or any(holds_objects(tree) for tree, _ in trees)):
            return UNKNOWN
        if is_leaf and leaf_test is not None:
            split = self.leaves_by_test(leaf_test, trees[0][0], trees[0][1], frame)
            if split is not None and len(trees) == 1:
                self._note_tree_map_ref(func, func_node)
                return self._map_in_order(func, [trees[0][0]], [trees[0][1]], frame, paths=[path for path, _ in split])
            if split is not None and all(isinstance(node, (AxisState, SpecValue)) for _, node in split):
                is_leaf = False  # it picks only leaves (`isinstance(x, P)` beside arrays): the plain map
        if is_leaf and (len(trees) != 1 or not self._maps_leaves_alike(func)):
            return UNKNOWN
        if trees and not with_path and (mapped := module_tree_map(self, args, frame, expr, is_leaf)) is not None:
            return mapped  # an equinox-style module (pytree_grads.py)
        if expr is not None and len(trees) == 1 and isinstance(func, Partial) and isinstance(func.func, JaxName) \
                and collective_rule(func.func.name) is not None and not with_path:
            return self.call(func, expr, list(trees), {}, False, frame)
        values = [plain_tree(tree) for tree, _ in trees]
        if isinstance(values[0], (TupleValue, DictValue)):
            if not _same_structure(values):
                return UNKNOWN
            found = [leaf for leaf in leaves(values[0]) if leaf != Const(None)]
            if not found or not all(isinstance(leaf, (AxisState, SpecValue)) for leaf in found):
                return UNKNOWN
            self._note_tree_map_ref(func, func_node)
            return restored(trees[0][0], self._map_in_order(func, values, [node for _, node in trees], frame,
                                                            keyed=trees[0][0] if with_path else None))
        if not all(isinstance(value, AxisState) for value in values):
            return UNKNOWN
        self._note_tree_map_ref(func, func_node)
        given = [(UNKNOWN, trees[0][1])] + list(trees) if with_path else list(trees)  # where in the tree: unknown
        result = self.call(func, None, given, {}, False, frame)
        return result if isinstance(result, AxisState) else UNKNOWN

    def tree_reduce(self, args, keywords, frame: Frame) -> Value:
        """`jax.tree.reduce(f, tree[, initializer])`: `functools.reduce` over the tree's leaves.
        Over leaves in one state (how many is not known), f is followed once on two of them: when
        that keeps the state, every fold does (one leaf alone is the result itself)."""
        if keywords or len(args) not in (2, 3):
            return UNKNOWN
        (func, node), (tree, tree_node) = args[0], args[1]
        found = tree_leaves(tree)
        if isinstance(found, TupleValue):
            return self._reduce([(func, node), (found, tree_node)] + list(args[2:]), {}, frame)
        if not isinstance(found, SameLeaves) or len(args) == 3 or not isinstance(func, (Function, Partial, JaxName)):
            return UNKNOWN
        self.note_ref(func, node)
        item = found.item
        folded = self.fold_step(func, node, item, item, frame)
        return item if isinstance(folded, AxisState) and folded.same_state(item) and not folded.mixed else UNKNOWN

    def _map_in_order(self, func: Value, trees: list[Value], nodes: list[ast.expr], frame: Frame,
                      paths: list[tuple] | None = None, keyed: Value | None = None) -> Value:
        """f on each leaf in JAX's order (dict keys sorted): the first leaf's run is judged, the
        others are later rounds (JAX raises at the first leaf that fails). `paths`: the places
        an `is_leaf` predicate picked (f's result is kept there whatever it is). `keyed`: the tree
        as given (NamedTuples kept), whose key path f gets first (`tree_map_with_path`)."""
        picked = paths is not None
        if paths is None:
            paths = [path for path, _ in _paths(trees[0], ())]
        results: dict[tuple, Value] = {}

        def apply(path: tuple) -> bool:
            items = list(zip([_at(tree, path) for tree in trees], nodes))
            if keyed is not None:
                items.insert(0, (key_path(keyed, path), nodes[0]))
            result = self.call(func, None, items, {}, False, frame)
            results[path] = result if isinstance(result, AxisState) or picked else UNKNOWN
            return True

        order = sorted(paths)
        first, runs_before = len(self.slots), dict(self.function_runs)
        if order:
            apply(order[0])
        judged = self.slots[first:]
        outer, self.round_values = self.round_values, {}
        try:
            self.later_rounds(judged, [lambda path=path: apply(path) for path in order[1:]],
                              "it fails for a later leaf of the tree, not for the first", runs_before)
        finally:
            seen, self.round_values = self.round_values, outer
            self.keep_round_values(outer, seen)
        if len(order) > 1:  # one leaf: no other round to disagree with
            self._fixes_hold_every_round(judged, seen, "the leaves of the tree are in different states")
        return _rebuilt(trees[0], (), results)

    def judge_leaves(self, template: Site, tree: Value, gives, why: str, frame: Frame) -> Value:
        """A collective over a pytree whose leaves are in different states: JAX checks each leaf,
        in order, so the first leaf that certainly fails (after leaves that are certainly fine) is
        a finding, named by its path; a cast of the whole tree would break the others: no fix."""
        first: Site | None = None
        for path, leaf in _paths(tree, ()):
            if not isinstance(leaf, AxisState) or leaf.mixed or any(leaf.on(axis) in (Q, U) for axis in template.axes):
                return self._collective_on_tree(tree, template.axes, gives, template.transfer, why, template.name)
            site = replace(template, value=leaf, path="".join(f"[{step!r}]" for step in path))
            if self.silent:
                self.note_later(site)
                verdict = None
            else:
                verdict = self.judge.collective(site)
            if verdict is not None:
                self._record(site, replace(verdict, fixable=False, note="the leaves of the tree are in different states"))
                return map_leaves(tree, lambda _: UNKNOWN)
            first = first or site
        if first is not None:
            self._record(first, None)
        return self._collective_on_tree(tree, template.axes, gives, template.transfer, why, template.name)

    def _maps_leaves_alike(self, func: Value) -> bool:
        """f(subtree) is f on each of its leaves: a collective (JAX's take pytrees), bare, partial,
        or a one-parameter lambda / one-line function that only passes its parameter first to one."""
        if isinstance(func, Partial):
            return not func.args and self._maps_leaves_alike(func.func)
        if isinstance(func, JaxName):
            return collective_rule(func.name) is not None
        if not isinstance(func, Function):
            return False
        shape = one_parameter_expression(func.node)
        if shape is None:
            return False
        param, body = shape
        if not isinstance(body, ast.Call) or not body.args or not isinstance(body.args[0], ast.Name) \
                or body.args[0].id != param:
            return False
        rest = body.args[1:] + [keyword.value for keyword in body.keywords] + [body.func]
        if any(isinstance(sub, ast.Name) and sub.id == param for item in rest for sub in ast.walk(item)):
            return False
        callee = self.eval(body.func, func.closure)
        return isinstance(callee, JaxName) and collective_rule(callee.name) is not None

    def _note_tree_map_ref(self, func: Value, func_node: ast.expr) -> None:
        # a name, or the call of a factory handing on the def it made (`lax.scan(make_block(cfg),
        # ...)`, returned.py; a module def is counted by the names referring to it, never so)
        if isinstance(func, Function) and (isinstance(func_node, ast.Name) or isinstance(func_node, ast.Call)
                                           and func.closure is not self.module_frame):
            self.analysed_refs.setdefault(id(func.node), set()).add(id(func_node))
        elif isinstance(func, Partial) and isinstance(func_node, ast.Attribute) and not func.keywords:
            self.note_ref(func, func_node)  # a bound method, `jax.tree.map(self.restore_leaf, tree)`


def python_sum(items: Value) -> Value:
    """Python's `sum(...)`: of leaves in one state, `0 + a + b ...` is in that state."""
    return transfer.python_sum(TupleValue((items.item,)) if isinstance(items, SameLeaves) else items)
