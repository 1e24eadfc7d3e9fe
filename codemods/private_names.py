"""Private names as Python compiles them: inside a class body (its methods, lambdas and
comprehensions too) an identifier `__name` that does not end in `__` is `_Class__name`, so
`cls.__AXES` in `Base`'s classmethod reads `Base`'s attribute even when called on a subclass
that sets its own `__AXES`. The tree is rewritten once, in place, so every reading of it sees
the names the program really uses (a name already mangled is left alone: the pass is idempotent).
"""
from __future__ import annotations

import ast
import re


def _private(name: str | None) -> bool:
    return bool(name) and name.startswith("__") and not name.endswith("__") and "." not in name


def mangle_private_names(tree: ast.AST, source: str | None = None) -> ast.AST:
    """`tree` (parsed from `source`, when given) with its private names mangled in place."""
    if type(source) is str and not _may_hold_private(source):
        return tree
    if not any(type(node) is ast.ClassDef for node in ast.walk(tree)):
        return tree
    # (node, the class whose name mangles identifiers inside it, or None outside every class)
    pending: list[tuple[ast.AST, str | None]] = [(tree, None)]
    while pending:
        node, owner = pending.pop()
        written = node.name if type(node) is ast.ClassDef else None  # (its body mangles with this)
        prefix = owner.lstrip("_") if owner else ""
        if prefix:
            _rename(node, prefix)
        if type(node) is ast.ClassDef:
            # Its decorators, bases and keywords belong to the enclosing scope; its body to it.
            for part in (*node.decorator_list, *node.bases, *node.keywords):
                pending.append((part, owner))
            for stmt in node.body:
                pending.append((stmt, written))
            continue
        for child in ast.iter_child_nodes(node):
            pending.append((child, owner))
    return tree


_UNDERSCORED = re.compile(r"__\w*")


def _may_hold_private(source: str) -> bool:
    """Whether some identifier of the code parsed from `source` may be private (the pass then
    walks the whole tree, a twentieth of a `check` of a large test file). In ASCII text every
    identifier of the tree is spelled as it is, a whole run of word characters, so a private one
    is found whole by the search (`__\\w*` from its start, not ending in `__`); other text (whose
    identifiers Python normalises) is never passed over."""
    return not source.isascii() or any(not found.endswith("__") for found in _UNDERSCORED.findall(source))


def _rename(node: ast.AST, prefix: str) -> None:
    kind = type(node)
    if kind is ast.Name and _private(node.id):
        node.id = f"_{prefix}{node.id}"
    elif kind is ast.Attribute and _private(node.attr):
        node.attr = f"_{prefix}{node.attr}"
    elif kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and _private(node.name):
        node.name = f"_{prefix}{node.name}"
    elif kind is ast.arg and _private(node.arg):
        node.arg = f"_{prefix}{node.arg}"
    elif kind is ast.keyword and _private(node.arg):
        node.arg = f"_{prefix}{node.arg}"
    elif kind in (ast.Global, ast.Nonlocal):
        node.names = [f"_{prefix}{name}" if _private(name) else name for name in node.names]
    elif kind is ast.ExceptHandler and _private(node.name):
        node.name = f"_{prefix}{node.name}"
