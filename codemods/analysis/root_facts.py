"""What the module's view (scopes.ModuleScope) reads from each statement that can name shard_map:
the assignments and calls that hand it on under other names, and every call and def with the
functions around it.

Only the statement's defs, assignments, returns and calls are looked at, found by bisection in
the module's index of those nodes in walk order (nodes.nodes_in_order): no node's children are
listed again. A def's parts are read in the order the search for
shard_map uses has always seen them (decorators, parameters, return annotation, then the body,
which alone lies inside the def), so the uses are found in the same order.
"""
from __future__ import annotations

import ast
from bisect import bisect_left, bisect_right
from typing import NamedTuple

from codemods.analysis.nodes import (
    FunctionDef,
    child_nodes,
    node_positions,
    nodes_in_order,
    subtree_end,
)


class RootFacts(NamedTuple):
    """What one look at a statement gives the module's view."""

    assigns: list[tuple[set[str], set[str]]]  # (names assigned, names the value spells)
    calls: list[tuple[set[str], set[str], tuple]]  # (names the callee spells, names passed, defs around)
    calls_and_defs: list[tuple[ast.AST, tuple[FunctionDef, ...]]]


def root_facts(tree: ast.Module, root: ast.AST) -> RootFacts:
    facts = RootFacts([], [], [])
    where = node_positions(tree)
    start = where[root]
    positions, nodes = nodes_in_order(tree, _READ)
    _read(positions, nodes, where, tree, start, subtree_end(tree, root, start), (), facts)
    return facts


# The only nodes the facts come from: each def, assignment, return and call of the module.
_READ = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Assign, ast.Return, ast.Call)


def _read(positions: list[int], nodes: list[ast.AST], where: dict[int, int], tree: ast.Module, start: int,
          end: int, scopes: tuple, facts: RootFacts) -> None:
    """The facts of the nodes at `start:end` of the module's node list (whole subtrees), inside
    the functions `scopes`."""
    index = bisect_left(positions, start)
    count = len(positions)
    assigns, calls, calls_and_defs = facts
    call, name, attribute = ast.Call, ast.Name, ast.Attribute
    while index < count and positions[index] < end:
        node = nodes[index]
        kind = type(node)
        if kind is call:  # most of the nodes read
            calls_and_defs.append((node, scopes))
            if scopes:
                # The name each argument hands on: `fn`, `partial(fn, axis=axis)`, `model.apply`
                # of a parameter `model` (read in the loop: a call per argument was 5% of the facts).
                passed = set()
                for arg in node.args + [keyword.value for keyword in node.keywords] if node.keywords else node.args:
                    if type(arg) is call and arg.args:
                        arg = arg.args[0]
                    if type(arg) is attribute:
                        arg = arg.value
                    if type(arg) is name:
                        passed.add(arg.id)
                if passed:
                    calls.append((spelled(tree, where, node.func), passed, scopes))
        elif kind is ast.Assign:
            targets = {target.id if type(target) is ast.Name else target.attr  # `self.shard = ...`
                       for target in node.targets if type(target) is ast.Name or type(target) is ast.Attribute}
            if targets:
                assigns.append((targets, spelled(tree, where, node.value)))
        elif kind is ast.Return:
            if scopes and node.value is not None:  # a decorator factory returns its wrapper
                assigns.append(({scopes[-1].name}, spelled(tree, where, node.value)))
        else:  # a def
            calls_and_defs.append((node, scopes))
            # Each part of the def runs from its first node to the next part's (or the def's end):
            # the parts' first nodes are in walk order, so a part ends where the next one starts.
            def_end = subtree_end(tree, node, positions[index])
            starts = list(map(where.__getitem__, child_nodes(node)))
            starts.append(def_end)
            for part in (*node.decorator_list, node.args) if node.returns is None else \
                    (*node.decorator_list, node.args, node.returns):
                first = where[part]
                _read(positions, nodes, where, tree, first, starts[bisect_right(starts, first)], scopes, facts)
            body_end = starts[bisect_right(starts, where[node.body[-1]])]
            _read(positions, nodes, where, tree, where[node.body[0]], body_end, scopes + (node,), facts)
            index = bisect_left(positions, def_end, index + 1)
            continue
        index += 1


def spelled(tree: ast.Module, where: dict[int, int], expr: ast.AST) -> set[str]:
    """Every name and attribute name an expression spells."""
    kind = type(expr)
    if kind is ast.Name:  # most callees: `f`, `jnp.sum`, `self.assertAllClose`
        return {expr.id}
    found: set[str] = set()
    while kind is ast.Attribute:
        found.add(expr.attr)
        expr = expr.value
        kind = type(expr)
    if kind is ast.Name:
        found.add(expr.id)
        return found
    # Anything else: the names and attributes of its subtree, from the module's index.
    start = where[expr]
    positions, nodes = nodes_in_order(tree, _SPELLING)
    end = subtree_end(tree, expr, start)
    first = bisect_left(positions, start)
    found.update([node.id if type(node) is ast.Name else node.attr
                  for node in nodes[first:bisect_left(positions, end, first)]])
    return found


_SPELLING = (ast.Name, ast.Attribute)
