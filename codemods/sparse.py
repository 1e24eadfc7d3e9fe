"""A cheaper text for LibCST: top-level statements that cannot matter are blanked out.

LibCST costs about ten times Python's `ast`, and most of a large file that mentions a
collective is unrelated code. The sparse text keeps imports, module-level assignments of
plain values (aliases, axis constants), every top-level statement holding one of the rules'
words, and the module-level functions, classes and assignments binding names those use
(transitively). Every other top-level statement has each of its characters replaced by a
space, so line numbers, columns and character offsets are those of the real file: findings
and edits computed on the sparse text apply to it as is.
"""
from __future__ import annotations

import ast
import re

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CHEAP_VALUES = (ast.Constant, ast.Name, ast.Attribute, ast.Tuple, ast.List, ast.Set)


def _always_kept(stmt: ast.stmt) -> bool:
    """Imports and module-level names the analysis may read (aliases, axis-name constants)."""
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return True
    if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
        return isinstance(stmt.value, _CHEAP_VALUES)
    return False


def _first_line(stmt: ast.stmt) -> int:
    decorators = getattr(stmt, "decorator_list", [])
    return min([stmt.lineno] + [d.lineno for d in decorators])


def _bound_names(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
    return {node.id for target in targets if target is not None for node in ast.walk(target)
            if isinstance(node, ast.Name)}


def sparse_source(source: str, tree: ast.Module, words: tuple[str, ...]) -> str:
    lines = _LINE.findall(source)
    spans = [(_first_line(s), s.end_lineno or s.lineno, s) for s in tree.body]

    def text_of(start: int, end: int) -> str:
        return "".join(lines[start - 1:end])

    kept: set[int] = set()  # indexes into spans
    names_needed: set[str] = set()
    for index, (start, end, stmt) in enumerate(spans):
        if _always_kept(stmt) or any(word in text_of(start, end) for word in words):
            kept.add(index)
            names_needed.update(_IDENTIFIER.findall(text_of(start, end)))
    # Functions, classes and module-level values that kept code names may be analysed (a
    # helper called from a body, `x = jax.device_put(...)` at module level): keep them too.
    changed = True
    while changed:
        changed = False
        for index, (start, end, stmt) in enumerate(spans):
            if index not in kept and not _bound_names(stmt).isdisjoint(names_needed):
                kept.add(index)
                names_needed.update(_IDENTIFIER.findall(text_of(start, end)))
                changed = True
    if len(kept) == len(spans):
        return source
    keep_lines = {line for i in kept for line in range(spans[i][0], spans[i][1] + 1)}
    blank_lines = {line for i, (start, end, _) in enumerate(spans) if i not in kept
                   for line in range(start, end + 1)} - keep_lines
    out = []
    for number, line in enumerate(lines, start=1):
        if number in blank_lines:
            body = line.rstrip("\r\n")
            out.append(" " * len(body) + line[len(body):])
        else:
            out.append(line)
    return "".join(out)
