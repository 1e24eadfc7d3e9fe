"""Small syntactic facts about statements: which names a block binds, where a name is read,
which statements are simple steps. Plain `ast`, no values."""
from __future__ import annotations

from collections.abc import Iterator

import ast

from codemods.analysis.node_children import child_nodes
from codemods.analysis.nodes import FunctionDef, child_blocks, import_names, iter_nodes, target_names

# Statements with no statements inside: each is one step, and may get a new line above it.
SIMPLE = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Return, ast.Raise, ast.Assert, ast.Global,
           ast.Nonlocal, ast.Delete, ast.Import, ast.ImportFrom, ast.Pass, ast.Break, ast.Continue)
DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


def references(node: ast.AST) -> dict[str, set[int]]:
    """Ids of the Name nodes under `node` that may refer to each name (`ast` keeps attribute
    tails, keywords, parameters and the names of defs apart from Name nodes)."""
    refs: dict[str, set[int]] = {}
    for found in iter_nodes(node):
        if isinstance(found, ast.Name):
            refs.setdefault(found.id, set()).add(id(found))
    return refs


def else_of(stmt: ast.If):
    """What follows an if's body: None, an `elif` (the If itself, at the if's own indentation),
    or an else block with the line its header ends on unknown (0)."""
    if not stmt.orelse:
        return None
    first = stmt.orelse[0]
    if len(stmt.orelse) == 1 and isinstance(first, ast.If) and first.col_offset == stmt.col_offset:
        return first
    return (stmt.orelse, 0)


def names_in(node: ast.AST) -> list[ast.Name]:
    return [found for found in iter_nodes(node) if isinstance(found, ast.Name)]


def name_count(node: ast.AST, name: str) -> int:
    return sum(1 for found in names_in(node) if found.id == name)


def target_occurrences(statement: ast.stmt, name: str) -> int:
    targets: list[ast.AST] = []
    if isinstance(statement, ast.Assign):
        targets = list(statement.targets)
    elif isinstance(statement, ast.AugAssign):
        targets = [statement.target]
    elif isinstance(statement, ast.AnnAssign):
        targets = [statement.target, statement.annotation]
    return sum(name_count(target, name) for target in targets)


def header_parts(statement: ast.stmt) -> list[ast.AST]:
    """The parts of a compound statement run before its body."""
    if isinstance(statement, (ast.If, ast.While)):
        return [statement.test]
    if isinstance(statement, (ast.For, ast.AsyncFor)):
        return [statement.iter]
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        return [item.context_expr for item in statement.items]
    return [statement]


def read_after(function: FunctionDef, statement: ast.stmt, name: str) -> bool:
    """True when `name` occurs in `function` after `statement` (inside it, for a compound one)."""
    seen = False
    for stmt in flat_statements(function.body):
        if stmt is statement:
            seen = True
            if not isinstance(statement, SIMPLE):
                body_names = [n for block in child_blocks(statement) for s in block for n in names_in(s)]
                if any(found.id == name for found in body_names):
                    return True
            continue
        if seen and not contains(statement, stmt) and any(found.id == name for found in names_in(stmt)):
            return True
    return False


def contains(outer: ast.stmt, inner: ast.stmt) -> bool:
    if isinstance(outer, SIMPLE):
        return False
    return any(inner is stmt for block in child_blocks(outer) for stmt in flat_statements(block))


def flat_statements(block: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of a block in source order, descending into compound statements (their
    header is the compound statement itself), not into nested functions or classes."""
    for stmt in block:
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) + SIMPLE):
            continue
        for child in child_blocks(stmt):
            yield from flat_statements(child)


def small_targets(small: ast.stmt) -> frozenset[str]:
    names: set[str] = set()
    if isinstance(small, ast.Assign):
        for target in small.targets:
            target_names(target, names)
    elif isinstance(small, (ast.AnnAssign, ast.AugAssign)):
        target_names(small.target, names)
    return frozenset(names)


NEW_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp, ast.SetComp,
               ast.DictComp, ast.GeneratorExp)


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _walrus_targets(comprehension: ast.expr, names: set[str]) -> None:
    """`(x := ...)` inside a comprehension binds `x` in the enclosing function (PEP 572), also
    through nested comprehensions; not inside a lambda, def or class written there."""
    pending = [comprehension]
    while pending:
        node = pending.pop()
        if type(node) is ast.NamedExpr:
            target_names(node.target, names)
        pending += [child for child in child_nodes(node)
                    if not isinstance(child, (ast.Lambda, ast.ClassDef) + DEFS)]


def assigned_names(block: list[ast.stmt]) -> set[str]:
    """Names bound anywhere in a block (not inside nested functions, classes, comprehensions)."""
    names: set[str] = set()
    for stmt in block:
        # `iter_nodes(stmt, prune=<a new scope>)` without its generator: the order is no matter here.
        pending = [stmt]
        while pending:
            node = pending.pop()
            kind = type(node)
            if kind is ast.Name or kind is ast.Constant:
                continue
            if node is stmt or not isinstance(node, NEW_SCOPES):
                pending += child_nodes(node)
            elif isinstance(node, _COMPREHENSIONS):
                _walrus_targets(node, names)
            if kind is ast.Call or kind is ast.Attribute:  # most of the rest: binds nothing
                continue
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    target_names(target, names)
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr, ast.For, ast.AsyncFor)):
                target_names(node.target, names)
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                target_names(node.optional_vars, names)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                names.add(node.name)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                names.update(node.names)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update(import_names(node))
            elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
                names.add(node.name)
            elif isinstance(node, ast.MatchMapping) and node.rest:
                names.add(node.rest)
    return names


def one_parameter_expression(function: ast.AST) -> tuple[str, ast.expr] | None:
    """(parameter, returned expression) of a lambda or a def whose body is one `return`, taking
    exactly one plain positional parameter without a default; None for any other function."""
    if isinstance(function, ast.Lambda):
        body = function.body
    elif isinstance(function, DEFS) and len(function.body) == 1 and isinstance(function.body[0], ast.Return) \
            and function.body[0].value is not None:
        body = function.body[0].value
    else:
        return None
    params = function.args
    if params.posonlyargs or params.vararg or params.kwonlyargs or params.kwarg or len(params.args) != 1 \
            or params.defaults:
        return None
    return params.args[0].arg, body
