"""Imports and aliases -> canonical dotted names (`lax.psum` -> `jax.lax.psum`).

The package's own import table: much cheaper than LibCST's QualifiedNameProvider, and it knows
JAX's aliases (jaxapi.CANONICAL_ALIASES). Imports anywhere in the module count (try/except
shims, imports inside functions); a module-level def, class or non-alias assignment makes the
name local, so a user's own `def pvary` is never mistaken for JAX's.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from codemods import jaxapi


def dotted(expr: cst.BaseExpression) -> str | None:
    """`a.b.c` -> 'a.b.c'; anything but names and attributes -> None."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        head = dotted(expr.value)
        return f"{head}.{expr.attr.value}" if head else None
    return None


def _module_name(node: cst.BaseExpression) -> str | None:
    return dotted(node)


@dataclass
class ImportTable:
    """What each module-level name is bound to: a canonical dotted name, or None (not JAX's)."""

    bindings: dict[str, str | None] = field(default_factory=dict)
    # Top-level import statements in order, for fixes that add or edit imports.
    top_level_imports: list[cst.SimpleStatementLine] = field(default_factory=list)
    # Every ImportFrom node in the module with the module it imports from.
    import_froms: list[tuple[cst.ImportFrom, str]] = field(default_factory=list)

    @classmethod
    def of(cls, module: cst.Module) -> "ImportTable":
        table = cls()
        collector = _Collector(table)
        module.visit(collector)
        for stmt in module.body:
            if isinstance(stmt, cst.SimpleStatementLine) and any(
                isinstance(small, (cst.Import, cst.ImportFrom)) for small in stmt.body
            ):
                table.top_level_imports.append(stmt)
        return table

    def resolve(self, expr: cst.BaseExpression, shadowed: frozenset[str] = frozenset()) -> str | None:
        """Canonical dotted name of `expr` when it is a JAX object reached through imports."""
        name = dotted(expr)
        if name is None:
            return None
        head, _, rest = name.partition(".")
        if head in shadowed or head not in self.bindings:
            return None
        base = self.bindings[head]
        if base is None:
            return None
        return jaxapi.canonical(f"{base}.{rest}" if rest else base)

    def names_bound_to(self, target: str) -> list[str]:
        return [name for name, bound in self.bindings.items() if bound == target]

    def _bind(self, name: str, target: str | None, *, from_import: bool) -> None:
        # A try/except import shim binds one name twice: the first (try) branch wins,
        # but a later non-import rebinding makes the name local.
        if from_import and self.bindings.get(name) is not None:
            return
        self.bindings[name] = jaxapi.canonical(target) if target else None


class _Collector(cst.CSTVisitor):
    def __init__(self, table: ImportTable) -> None:
        self.table = table
        self.depth = 0  # function/class nesting: only module-level defs shadow

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            full = _module_name(alias.name)
            if full is None:
                continue
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                self.table._bind(alias.asname.name.value, full, from_import=True)
            else:
                head = full.split(".")[0]
                self.table._bind(head, head, from_import=True)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if node.relative or node.module is None:
            return
        module = _module_name(node.module)
        if module is None:
            return
        self.table.import_froms.append((node, module))
        if isinstance(node.names, cst.ImportStar):
            return
        for alias in node.names:
            if not isinstance(alias.name, cst.Name):
                continue
            local = alias.name.value
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            self.table._bind(local, f"{module}.{alias.name.value}", from_import=True)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        if self.depth == 0:
            self.table.bindings[node.name.value] = None
        self.depth += 1
        return True

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.depth -= 1

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        if self.depth == 0:
            self.table.bindings[node.name.value] = None
        self.depth += 1
        return True

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.depth -= 1

    def visit_Assign(self, node: cst.Assign) -> None:
        if self.depth:
            return
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                name = target.target.value
                # `shard_map = jax.shard_map` and `P = jax.sharding.PartitionSpec` are aliases;
                # `P = ParamSpec("P")` and any other value make the name local.
                alias = self.table.resolve(node.value) if isinstance(node.value, (cst.Name, cst.Attribute)) else None
                self.table.bindings[name] = alias
