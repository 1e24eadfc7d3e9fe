"""Imports and aliases -> canonical dotted names (`lax.psum` -> `jax.lax.psum`).

The package's own import table: much cheaper than LibCST's QualifiedNameProvider, and it knows
JAX's aliases (jaxapi.CANONICAL_ALIASES). Imports anywhere in the module count (try/except
shims, imports inside functions); a module-level def, class or non-alias assignment makes the
name local, so a user's own `def pvary` is never mistaken for JAX's.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field

import libcst as cst

from codemods.analysis.bindings import bindings_of, resolve_dotted


def dotted(expr: cst.BaseExpression) -> str | None:
    """`a.b.c` -> 'a.b.c'; anything but names and attributes -> None."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        head = dotted(expr.value)
        return f"{head}.{expr.attr.value}" if head else None
    return None


@dataclass
class ImportTable:
    """What each module-level name is bound to: a canonical dotted name, or None (not JAX's)."""

    bindings: dict[str, str | None] = field(default_factory=dict)
    # Top-level import statements in order, for fixes that add or edit imports.
    top_level_imports: list[cst.SimpleStatementLine] = field(default_factory=list)
    # Every top-level ImportFrom node with the module it imports from.
    import_froms: list[tuple[cst.ImportFrom, str]] = field(default_factory=list)

    @classmethod
    def of(cls, module: cst.Module, tree: ast.Module | None = None) -> "ImportTable":
        """The table of `module`; `tree` is the same source parsed by `ast` (parsed here if absent)."""
        table = cls(bindings=bindings_of(tree if tree is not None else ast.parse(module.code)))
        for stmt in module.body:
            if isinstance(stmt, cst.SimpleStatementLine) and any(
                isinstance(small, (cst.Import, cst.ImportFrom)) for small in stmt.body
            ):
                table.top_level_imports.append(stmt)
                for small in stmt.body:
                    if isinstance(small, cst.ImportFrom) and not small.relative and small.module is not None:
                        table.import_froms.append((small, dotted(small.module) or ""))
        return table

    def resolve(self, expr: cst.BaseExpression, shadowed: frozenset[str] = frozenset()) -> str | None:
        """Canonical dotted name of `expr` when it is a JAX object reached through imports."""
        name = dotted(expr)
        return None if name is None else resolve_dotted(self.bindings, name, shadowed)

    def names_bound_to(self, target: str) -> list[str]:
        return [name for name, bound in self.bindings.items() if bound == target]
