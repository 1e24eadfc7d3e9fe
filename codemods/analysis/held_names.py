"""Which names an expression's object is, holds or is an item of (mutation.py's aliases): a
change through one name reaches the objects these tie it to."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import nodes_of_type

# The values `held` finds a name in: of any other, a target is tied to nothing.
HOLDING = frozenset({ast.Name, ast.Attribute, ast.Tuple, ast.List, ast.Set, ast.Dict, ast.Subscript, ast.BoolOp,
                     ast.IfExp})


def held(value: ast.expr) -> tuple[set[str], set[str], set[str]]:
    """(names of the object `value` is, names of objects inside it, names of objects it is an
    item of): `axes` is the object; `[a, b]` holds a and b; `tables[0]` is an item of tables;
    `config or DEFAULTS` and `a if t else b` may be either object (found by adversarial11). A
    call or an operation makes a new object (nothing)."""
    key = alias_key(value)
    if key is not None:
        return {key}, set(), set()
    if type(value) in (ast.BoolOp, ast.IfExp):
        parts = [held(part) for part in (value.values if type(value) is ast.BoolOp else (value.body, value.orelse))]
        return set().union(*(p[0] for p in parts)), set().union(*(p[1] for p in parts)), set().union(*(p[2] for p in parts))
    if type(value) in (ast.Tuple, ast.List, ast.Set, ast.Dict):
        items = value.values if type(value) is ast.Dict else value.elts
        inside: set[str] = set()
        for item in items:
            if item is not None:
                same, found, around = held(item.value if type(item) is ast.Starred else item)
                inside |= same | found | around  # `[CONFIG["mesh"]]` holds an item of CONFIG (adversarial12)
        return set(), inside, set()
    if type(value) is ast.Subscript:
        same, inside, around = held(value.value)
        return set(), set(), same | inside | around
    return set(), set(), set()


def alias_key(node: ast.AST) -> str | None:
    if type(node) is ast.Name:
        return node.id
    if type(node) is ast.Attribute:
        return "." + node.attr
    return None


def returned_keys(tree: ast.Module, call: ast.Call) -> set[str]:
    """Names of the objects a call of a module function or method of that name may hand back as
    they are (`return CONFIG`, `return self.cfg`, `return cfg or DEFAULTS`): a change made
    through the call's result changes them (found by adversarial11)."""
    name = call.func.id if type(call.func) is ast.Name else call.func.attr if type(call.func) is ast.Attribute else None
    found: set[str] = set()
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef):
        for function in nodes_of_type(tree, kind):
            if function.name != name:
                continue
            stack = list(function.body)
            while stack:
                node = stack.pop()
                if type(node) is ast.Return and node.value is not None:
                    same, inside, around = held(node.value)
                    found |= same | inside | around
                elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                    stack.extend(ast.iter_child_nodes(node))
    return found
