"""The binding table: which local name stands for which JAX object, from Python's `ast`.

Kept free of LibCST so the engine's filters (and a warm, cached run) never import it.
"""
from __future__ import annotations

import ast

from codemods import jaxapi


def resolve_dotted(bindings: dict[str, str | None], name: str, shadowed: frozenset[str] = frozenset()) -> str | None:
    head, _, rest = name.partition(".")
    if head in shadowed or head not in bindings:
        return None
    base = bindings[head]
    if base is None:
        return None
    return jaxapi.canonical(f"{base}.{rest}" if rest else base)


# The binding table is computed on Python's `ast`, about ten times cheaper than LibCST: the
# engine uses it to skip LibCST entirely for files that reference no API a rule looks at.

def ast_dotted(node: ast.expr) -> str | None:
    """`a.b.c` in an `ast` tree -> 'a.b.c'; anything but names and attributes -> None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def bindings_of(tree: ast.Module) -> dict[str, str | None]:
    """Local name -> canonical dotted name (None: bound to something that is not an import).

    Module-level statements are read in order, into if/try blocks (import shims: the first
    import of a name wins, and a fallback like `shard_map = None` in an except block does not
    undo it); a module-level def, class or non-alias assignment makes the name local, so a
    user's own `def pvary` is never mistaken for JAX's and `P = ParamSpec("P")` is no spec.
    Imports inside functions count for names the module level leaves unbound.
    """
    cached = getattr(tree, "_shardfix_bindings", None)
    if cached is not None:  # the engine's filters and the rules' import table share one tree
        return cached
    bindings: dict[str, str | None] = {}
    seen: set[int] = set()
    for stmt, in_handler in _module_statements(tree.body, False):
        seen.add(id(stmt))
        # In an except block (the fallback of a shim) a name bound before is rebound only as
        # follows: a JAX API stays the first one imported; `name = None` (the feature is absent)
        # keeps it; a function of the user's on one side and a JAX API on the other make it the
        # user's (unknown to the rules), since which one runs depends on the installed JAX.
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            _bind_import(bindings, stmt, only_new=in_handler)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bindings[stmt.name] = None
        elif isinstance(stmt, ast.Assign):
            alias = None
            if isinstance(stmt.value, (ast.Name, ast.Attribute)):
                dotted_value = ast_dotted(stmt.value)
                alias = resolve_dotted(bindings, dotted_value) if dotted_value else None
            absent = isinstance(stmt.value, ast.Constant) and stmt.value.value is None
            for target in stmt.targets:
                if not isinstance(target, ast.Name):
                    continue
                if in_handler and target.id in bindings:
                    before = bindings[target.id]
                    if before is None or (alias is None and not absent):
                        bindings[target.id] = None
                else:
                    bindings[target.id] = alias
    module_level = set(bindings)
    # The imports inside functions and classes, when the module's index of nodes by type shows
    # one that the module level did not read (most modules have none: then no statement of
    # theirs is listed again).
    by_type = tree.__dict__.get("_shardfix_by_type")
    if by_type is None or any(id(node) not in seen for kind in (ast.Import, ast.ImportFrom)
                              for node in by_type.get(kind, ())):
        for node in _nested_statements(tree.body):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in seen:
                _bind_import(bindings, node, only_new=True)
    tree._shardfix_bindings = bindings
    tree._shardfix_nested_only = frozenset(set(bindings) - module_level)
    return bindings


def nested_only_names(tree: ast.Module) -> frozenset[str]:
    """Names `bindings_of` took from imports inside functions (or classes) only: they are bound
    where those imports are written, not in the rest of the module."""
    bindings_of(tree)
    return tree._shardfix_nested_only


def _bind_import(bindings: dict[str, str | None], node: ast.Import | ast.ImportFrom, only_new: bool = False) -> None:
    def bind(name: str, target: str) -> None:
        if name not in bindings or (not only_new and bindings[name] is None):
            bindings[name] = jaxapi.canonical(target)

    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                bind(alias.asname, alias.name)
            else:
                head = alias.name.split(".")[0]
                bind(head, head)
    elif not node.level and node.module:
        for alias in node.names:
            if alias.name != "*":
                bind(alias.asname or alias.name, f"{node.module}.{alias.name}")


def _nested_statements(body: list[ast.stmt]):
    """Every statement at any depth; expressions are not entered (imports are statements, and
    a module has far fewer statements than nodes)."""
    pending = list(body)
    while pending:
        stmt = pending.pop()
        yield stmt
        for block in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, block, None)
            if isinstance(inner, list):
                pending.extend(inner)
        for handler in getattr(stmt, "handlers", ()):
            pending.extend(handler.body)
        for case in getattr(stmt, "cases", ()):
            pending.extend(case.body)


def _module_statements(body: list[ast.stmt], in_handler: bool):
    """Module-level statements in source order, into if/try/with blocks."""
    for stmt in body:
        yield stmt, in_handler
        if isinstance(stmt, (ast.If, ast.Try, ast.With)):
            yield from _module_statements(stmt.body, in_handler)
            for handler in getattr(stmt, "handlers", []):
                yield from _module_statements(handler.body, True)
            yield from _module_statements(getattr(stmt, "orelse", []), in_handler)
            yield from _module_statements(getattr(stmt, "finalbody", []), in_handler)
