"""What the module's view (scopes.ModuleScope) reads from each statement that can name shard_map:
the assignments and calls that hand it on under other names, and every call and def with the
functions around it.

One look at the statement's run of the module's shared node list (nodes.subtree_nodes): the
statement's children are not listed again. A def's parts are read in the order the search for
shard_map uses has always seen them (decorators, parameters, return annotation, then the body,
which alone lies inside the def), so the uses are found in the same order.
"""
from __future__ import annotations

import ast
from typing import NamedTuple

from codemods.analysis.nodes import (
    DEFS,
    FunctionDef,
    child_nodes,
    module_nodes,
    node_positions,
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
    start = where[id(root)]
    _read(module_nodes(tree), where, tree, start, subtree_end(tree, root, start), (), facts)
    return facts


def _read(nodes: list[ast.AST], where: dict[int, int], tree: ast.Module, index: int, end: int,
          scopes: tuple, facts: RootFacts) -> None:
    """The facts of the nodes `nodes[index:end]` (whole subtrees), inside the functions `scopes`."""
    while index < end:
        node = nodes[index]
        kind = type(node)
        if kind is ast.Name or kind is ast.Constant:  # most nodes: nothing to note
            index += 1
            continue
        if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
            facts.calls_and_defs.append((node, scopes))
            parts = [*node.decorator_list, node.args] + ([node.returns] if node.returns is not None else [])
            for part in parts:
                first = where[id(part)]
                _read(nodes, where, tree, first, subtree_end(tree, part, first), scopes, facts)
            first = where[id(node.body[0])]
            _read(nodes, where, tree, first, subtree_end(tree, node.body[-1]), scopes + (node,), facts)
            index = subtree_end(tree, node, index)
            continue
        if kind is ast.Call or kind in DEFS:
            facts.calls_and_defs.append((node, scopes))
        if kind is ast.Assign:
            targets = {target.id if isinstance(target, ast.Name) else target.attr  # `self.shard = ...`
                       for target in node.targets if isinstance(target, (ast.Name, ast.Attribute))}
            if targets:
                facts.assigns.append((targets, spelled(node.value)))
        elif kind is ast.Return and scopes and node.value is not None:  # a decorator factory returns its wrapper
            facts.assigns.append(({scopes[-1].name}, spelled(node.value)))
        elif kind is ast.Call and scopes:
            passed = set()
            for arg in list(node.args) + [keyword.value for keyword in node.keywords]:
                if isinstance(arg, ast.Call) and arg.args:  # `partial(fn, axis=axis)`
                    arg = arg.args[0]
                if isinstance(arg, ast.Attribute):  # `model.apply` of a parameter `model`
                    arg = arg.value
                if isinstance(arg, ast.Name):
                    passed.add(arg.id)
            if passed:
                facts.calls.append((spelled(node.func), passed, scopes))
        index += 1


def spelled(expr: ast.AST) -> set[str]:
    """Every name and attribute name an expression spells."""
    found: set[str] = set()
    stack = [expr]  # asked of every assignment and call the search looks at: no generator
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is ast.Name:
            found.add(node.id)
        elif kind is ast.Attribute:
            found.add(node.attr)
            stack.append(node.value)  # its one child node
        elif kind is not ast.Constant:
            stack += child_nodes(node)
    return found
