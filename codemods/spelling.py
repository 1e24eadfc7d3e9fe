"""How a fix names JAX functions and writes literals the way the module already does.

See fixtures/README.md ("How fixes are spelled"): a fix reuses the module's own import spelling
and quote style, and adds an import only when nothing usable is bound.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import iter_nodes
from codemods.context import FileContext, Node
from codemods.imports import module_level_names
from codemods.model import Edit


def quote_of(ctx: FileContext, node: Node | None) -> str:
    """The quote character of the first string literal inside `node` (of either tree), else `'`."""
    if node is None:
        return "'"
    if isinstance(node, ast.AST):
        strings = [found for found in iter_nodes(node) if isinstance(found, ast.Constant)
                   and isinstance(found.value, str)]
        if not strings:
            return "'"
        # The first as written (the walk's order is not the text's; equal positions hold equal text).
        text = ctx.text(min(strings, key=lambda found: (found.lineno, found.col_offset)))
        quotes = [i for i in (text.find("'"), text.find('"')) if i >= 0]
        return text[min(quotes)] if quotes else "'"
    import libcst as cst

    found: list[str] = []

    class _First(cst.CSTVisitor):
        def visit_SimpleString(self, string: cst.SimpleString) -> bool:
            if not found:
                found.append(string.quote[-1])
            return False

    node.visit(_First())
    return found[0] if found else "'"


def axes_literal(axes: list[str], quote: str) -> str:
    literals = [axis_literal(axis, quote) for axis in axes]
    return literals[0] if len(literals) == 1 else f"({', '.join(literals)})"


def axis_literal(axis: str, quote: str) -> str:
    """`'data'`; a name read from code the analysis cannot run is spelled as that code reads it
    (`cfg.axis`: analysis/symbol_values.py)."""
    return axis.text if type(axis) is not str and hasattr(axis, "text") else f"{quote}{axis}{quote}"


def lax_function(ctx: FileContext, name: str, function: ast.AST | None = None) -> tuple[str, list[Edit]]:
    """Source text naming `jax.lax.<name>` in this module (inside `function`, when given: its own
    imports count too), and the import edits that needs."""
    table = ctx.imports
    for local in table.names_bound_to("jax.lax", function):
        return f"{local}.{name}", []
    for local in table.names_bound_to("jax", function):
        return f"{local}.lax.{name}", []
    for local in table.names_bound_to(f"jax.lax.{name}", function):
        return local, []
    for node, module in ctx.imports.import_froms:
        if module == "jax.lax" and node.names[0].name != "*":
            _, end = ctx.offsets(node.names[-1])
            return name, [Edit(end, end, f", {name}")]
    return f"jax.lax.{name}", [add_import_jax(ctx)]


def jax_module(ctx: FileContext) -> tuple[str, list[Edit]]:
    """Source text naming the `jax` package in this module, and the import edits that needs."""
    for local in _usable(ctx, "jax"):
        return local, []
    return "jax", [add_import_jax(ctx)]


def _usable(ctx: FileContext, target: str) -> list[str]:
    """Names bound to `target` at module level (an import inside a function binds it there only)."""
    module_level = ctx.cached("spelling:module-level", lambda: module_level_names(ctx.tree))
    return [local for local in ctx.imports.names_bound_to(target) if local in module_level]


def add_import_jax(ctx: FileContext) -> Edit:
    """`import jax` on a new line after the last top-level import (or at the top of the file)."""
    body = ctx.tree.body
    if ctx.imports.top_level_imports:
        last = ctx.imports.top_level_imports[-1]
        _, end = ctx.offsets(last)
        # The statement's span ends before its newline; the new line goes after that newline.
        line_end = ctx.source.find("\n", end)
        at = len(ctx.source) if line_end < 0 else line_end + 1
        return Edit(at, at, f"import jax{ctx.newline()}")
    # After a module docstring, if any.
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        _, end = ctx.offsets(body[0])
        line_end = ctx.source.find("\n", end)
        at = len(ctx.source) if line_end < 0 else line_end + 1
        return Edit(at, at, f"import jax{ctx.newline()}")
    # Before the first statement, so a shebang, encoding cookie or header comment stays on top.
    at = ctx.offsets(body[0])[0] if body else len(ctx.source)
    at = ctx.offset(ctx.line_of(at), 0)
    return Edit(at, at, f"import jax{ctx.newline()}")
