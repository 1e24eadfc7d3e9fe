"""Statements the analysis cannot be sure go on (leaving_calls.unreached; adversarial21 L).

`leaves` (leaving_calls.py) recognises statements that surely leave; a call after one passes
nothing. The opposite question decides whether a call after a statement counts as reached: a
finding drawn from a call must not rest on it when the statement before it might end the job,
and the spellings of "ends the job" are endless (`with nullcontext(): sys.exit(0)`, `for _ in
"a": ...`, `if True: ...`, `_ = sys.exit(0)`, `getattr(sys, "exit")(0)`, a helper ending in
`return sys.exit(0)`, a staticmethod or nested def that exits, `raise STOP` of a module
constant). So the answer is conservative: a statement may leave when, outside the defs it
holds (lambdas included: one may be called in place), it raises, names something that ends
the process (`exit`, `quit`, `SystemExit`, `os._exit`, `os.abort`, `getattr(.., "exit")`), or
names a def, lambda or class of the module that may do so (by name, wherever it is defined:
a method, a nested def and a module def of one name are not told apart, erring toward
"may leave"). An `assert` counts only with a false constant: a program's checks on its own
values are its normal flow, which the analysis follows elsewhere.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import iter_nodes

_ENDING_NAMES = frozenset({"exit", "quit", "SystemExit", "_exit", "abort"})
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
# (what runs when a class is called or used as a context manager)
_HOOKS = frozenset({"__init__", "__new__", "__post_init__", "__call__", "__enter__", "__exit__",
                    "__aenter__", "__aexit__", "__init_subclass__", "__class_getitem__"})


def may_leave_stmt(scope, stmt: ast.stmt) -> bool:
    """`stmt` may end its block by raising or ending the process (see the module's doc)."""
    ending = _ending_names(scope)
    return any(_ends(node, ending) for node in _run_nodes(stmt))


def _run_nodes(root: ast.AST):
    """The nodes that run when `root` does: not the bodies of the defs in it (their decorators
    and defaults are skipped too, an error toward fewer; they rarely end a job)."""
    return iter_nodes(root, lambda inner: isinstance(inner, _DEFS) and inner is not root)


def _ends(node: ast.AST, ending: frozenset[str]) -> bool:
    kind = type(node)
    if kind is ast.Raise:
        return True
    if kind is ast.Assert:
        return type(node.test) is ast.Constant and not node.test.value
    if kind is ast.Name:
        return node.id in _ENDING_NAMES or node.id in ending
    if kind is ast.Attribute:
        return node.attr in _ENDING_NAMES or node.attr in ending
    return kind is ast.Constant and type(node.value) is str and node.value in _ENDING_NAMES


def _ending_names(scope) -> frozenset[str]:
    """The names of the module's defs, lambdas (and other values bound by name) and classes that
    may end what calls them, to a fixed point over the names they use."""
    cached = scope.__dict__.get("_maybe_ending_names")
    if cached is not None:
        return cached
    parts: dict[str, list[ast.AST]] = {}
    hooks: dict[str, list[str]] = {}
    for node in iter_nodes(scope.tree):
        if isinstance(node, _DEFS):
            parts.setdefault(node.name, []).extend(node.body)
        elif type(node) is ast.ClassDef:
            hooks.setdefault(node.name, []).extend(
                stmt.name for stmt in node.body if isinstance(stmt, _DEFS) and stmt.name in _HOOKS)
        elif type(node) in (ast.Assign, ast.AnnAssign, ast.NamedExpr) and node.value is not None:
            targets = node.targets if type(node) is ast.Assign else [node.target]
            for target in targets:
                for name in iter_nodes(target):
                    if type(name) is ast.Name:
                        parts.setdefault(name.id, []).append(node.value)
                    elif type(name) is ast.Attribute:
                        parts.setdefault(name.attr, []).append(node.value)
    ending: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, bodies in parts.items():
            if name not in ending and any(_ends(node, frozenset(ending)) for body in bodies for node in _run_nodes(body)):
                ending.add(name)
                changed = True
        for name, names in hooks.items():
            if name not in ending and any(hook in ending for hook in names):
                ending.add(name)
                changed = True
    found = frozenset(ending)
    scope.__dict__["_maybe_ending_names"] = found
    return found
