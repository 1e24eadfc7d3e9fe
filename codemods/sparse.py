"""A cheaper text for LibCST: top-level statements that cannot matter are blanked out.

The rules that rewrite through LibCST (the analysis rules work on Python's `ast`) parse this
text: LibCST costs about ten times `ast`, and most of a large file is unrelated code. The sparse text keeps imports, module-level assignments of
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
# Names as used bare: `self.helper()` is no reason to keep `def helper` (methods are not followed).
_IDENTIFIER = re.compile(r"(?<![.\w])[A-Za-z_][A-Za-z0-9_]*")
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

    def text_of(start: int, end: int) -> str:
        return "".join(lines[start - 1:end])

    # Units: top-level statements, and the statements of top-level class bodies (so a large
    # class with one relevant method keeps only that method).
    units: list[tuple[int, int, ast.stmt]] = []
    members: dict[int, list[int]] = {}  # class unit -> its member units
    for stmt in tree.body:
        index = len(units)
        units.append((_first_line(stmt), stmt.end_lineno or stmt.lineno, stmt))
        if isinstance(stmt, ast.ClassDef) and stmt.body:
            members[index] = []
            for member in stmt.body:
                members[index].append(len(units))
                units.append((_first_line(member), member.end_lineno or member.lineno, member))

    kept: set[int] = set()
    needed: set[str] = set()

    def keep(index: int, text: str) -> None:
        kept.add(index)
        needed.update(_IDENTIFIER.findall(text))

    def header(index: int) -> str:
        start, _, stmt = units[index]
        return text_of(start, _first_line(stmt.body[0]) - 1)

    changed = True
    while changed:
        changed = False
        for index, (start, end, stmt) in enumerate(units):
            if index in kept or index in members:
                continue
            text = text_of(start, end)
            if _always_kept(stmt) or any(w in text for w in words) or not _bound_names(stmt).isdisjoint(needed):
                keep(index, text)
                changed = True
        for index, member_units in members.items():
            # A class kept first for one member may be needed whole later (`cfg = Config()`
            # read after `x: str = "data"` kept it): its other members are kept then.
            whole = not _bound_names(units[index][2]).isdisjoint(needed)
            missing = [m for m in member_units if m not in kept] if whole else []
            if index in kept and not missing:
                continue
            if missing or any(m in kept for m in member_units):
                keep(index, header(index))
                for m in missing:
                    keep(m, text_of(*units[m][:2]))
                changed = True
    if len(kept) == len(units):
        return source
    keep_lines = {line for i in kept for line in range(units[i][0], units[i][1] + 1)
                  if i not in members or not members[i]}
    for index in kept & members.keys():
        keep_lines.update(range(units[index][0], _first_line(units[index][2].body[0])))
    blank_lines = {line for i, (start, end, _) in enumerate(units) if i not in kept
                   for line in range(start, end + 1)} - keep_lines
    out = []
    for number, line in enumerate(lines, start=1):
        if number in blank_lines:
            body = line.rstrip("\r\n")
            out.append(" " * len(body) + line[len(body):])
        else:
            out.append(line)
    return "".join(out)
