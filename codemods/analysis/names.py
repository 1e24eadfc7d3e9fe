"""Imports and aliases -> canonical dotted names (`lax.psum` -> `jax.lax.psum`).

The package's own import table: much cheaper than LibCST's QualifiedNameProvider, and it knows
JAX's aliases (jaxapi.CANONICAL_ALIASES). Imports anywhere in the module count (try/except
shims, imports inside functions); a module-level def, class or non-alias assignment makes the
name local, so a user's own `def pvary` is never mistaken for JAX's.

Built on Python's `ast`; `resolve` also reads LibCST expressions, for the rules that rewrite
through LibCST.
"""
from __future__ import annotations

import ast
from dataclasses import field
from codemods.dataclass_code import dataclass

from codemods.analysis.bindings import ast_dotted, bindings_of, nested_only_names, resolve_dotted


def dotted(expr: object) -> str | None:
    """`a.b.c` (an `ast` or a LibCST expression) -> 'a.b.c'; anything but names and attributes -> None."""
    if isinstance(expr, ast.AST):
        return ast_dotted(expr)  # type: ignore[arg-type]
    parts = []
    while type(expr).__name__ == "Attribute":
        parts.append(expr.attr.value)  # type: ignore[attr-defined]
        expr = expr.value  # type: ignore[attr-defined]
    if type(expr).__name__ != "Name":
        return None
    parts.append(expr.value)  # type: ignore[attr-defined]
    return ".".join(reversed(parts))


@dataclass
class ImportTable:
    """What each module-level name is bound to: a canonical dotted name, or None (not JAX's)."""

    bindings: dict[str, str | None] = field(default_factory=dict)
    # Top-level import statements in order, for fixes that add or edit imports.
    top_level_imports: list[ast.Import | ast.ImportFrom] = field(default_factory=list)
    # Every top-level absolute `from M import ...` with M.
    import_froms: list[tuple[ast.ImportFrom, str]] = field(default_factory=list)

    # Names bound only by imports inside functions: not usable elsewhere in the module.
    nested_only: frozenset[str] = frozenset()
    # (id of an `ast` expression, shadowed) -> (the expression, its canonical name): the rules and
    # the analysis ask about the same calls again and again. The expression is held, so its id
    # is never reused while the table lives.
    _resolved: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, tree: ast.Module) -> "ImportTable":
        table = cls(bindings=bindings_of(tree), nested_only=nested_only_names(tree))
        for stmt in tree.body:
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                table.top_level_imports.append(stmt)
                if isinstance(stmt, ast.ImportFrom) and not stmt.level and stmt.module is not None:
                    table.import_froms.append((stmt, stmt.module))
        return table

    def resolve(self, expr: object, shadowed: frozenset[str] = frozenset()) -> str | None:
        """Canonical dotted name of `expr` when it is a JAX object reached through imports."""
        if isinstance(expr, ast.AST):  # most chains start at a name bound to nothing imported
            head = expr
            while isinstance(head, ast.Attribute):
                head = head.value
            if not isinstance(head, ast.Name) or self.bindings.get(head.id) is None:
                return None
            key = (id(expr), shadowed)
            known = self._resolved.get(key)
            if known is not None and known[0] is expr:
                return known[1]
            name = ast_dotted(expr)
            found = None if name is None else resolve_dotted(self.bindings, name, shadowed)
            self._resolved[key] = (expr, found)
            return found
        name = dotted(expr)
        return None if name is None else resolve_dotted(self.bindings, name, shadowed)

    def names_bound_to(self, target: str, function: ast.AST | None = None) -> list[str]:
        """Local names bound to `target` everywhere in the module, and, with `function`, the names
        that function's own imports bind to it (an import in another function binds nothing here)."""
        found = [name for name, bound in self.bindings.items() if bound == target and name not in self.nested_only]
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            from codemods.analysis.scopes import bindings_of as scope_bindings

            found += [name for name, bound in scope_bindings(function).imports.items()
                      if target in bound and name not in found]
        return found
