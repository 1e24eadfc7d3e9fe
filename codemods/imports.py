"""The import manager: the one place fixes add, rename and remove imports.

A binding is never removed or renamed while something else needs it: a use the fix does not
rewrite, a use on a line whose finding is suppressed (`# noqa: SF201`), `__all__`, an explicit
re-export (`import X as X`, `from M import X as X`) or, in a package's `__init__.py`, any
module-level import (other modules import it from the package). Rules ask `keeps(local)` before
planning a rename and take the edits from here.
"""
from __future__ import annotations

import ast
from typing import Iterable

from codemods.calls import skip_trivia
from codemods.context import FileContext
from codemods.model import Edit
from codemods.suppression import source_lines, suppresses

def module_level_names(tree: ast.Module) -> frozenset[str]:
    """Names bound by statements that run at module level (if/try/with blocks included): a name
    imported only inside a function is not usable in another one."""
    names: set[str] = set()
    pending = list(tree.body)
    while pending:
        stmt = pending.pop()
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name.split(".")[0]) for a in stmt.names if a.name != "*")
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.With)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else \
                [i.optional_vars for i in stmt.items if i.optional_vars] if isinstance(stmt, ast.With) else [stmt.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        if isinstance(stmt, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
            pending.extend(stmt.body)
            pending.extend(getattr(stmt, "orelse", []))
            pending.extend(getattr(stmt, "finalbody", []))
            for handler in getattr(stmt, "handlers", []):
                pending.extend(handler.body)
    return frozenset(names)


class ImportManager:
    """Import edits for one file, on behalf of the rule whose code is `code`."""

    def __init__(self, ctx: FileContext, code: str) -> None:
        self.ctx = ctx
        self.code = code

    def _lines(self) -> list[str]:
        return self.ctx.cached("imports:lines", lambda: source_lines(self.ctx.source))

    def _exported(self) -> frozenset[str]:
        def compute() -> frozenset[str]:
            names: set[str] = set()
            for stmt in self.ctx.tree.body:
                if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                    if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and stmt.value is not None:
                        for node in ast.walk(stmt.value):
                            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                                names.add(node.value)
            return frozenset(names)
        return self.ctx.cached("imports:__all__", compute)

    def package_init(self) -> bool:
        return self.ctx.path.replace("\\", "/").rsplit("/", 1)[-1] == "__init__.py"

    def keeps(self, local: str, uses: Iterable[object] = ()) -> str | None:
        """Why the import binding `local` must stay as it is (None: a fix may rename or remove it).

        `uses` are the nodes (of either tree) where `local` is read; one on a line whose finding
        of this rule is suppressed keeps the binding.
        """
        if local in self._exported():
            return f"`{local}` is listed in `__all__`"
        if self.package_init():
            return f"`{local}` is importable from this package's `__init__.py`"
        found = self.alias(local)
        if found is not None:
            alias = found[1]
            if alias.asname is not None and alias.asname == alias.name.rsplit(".", 1)[-1]:
                return f"`import ... as {local}` re-exports it"
        lines = self._lines()
        for node in uses:
            line = self.ctx.span(node).line
            if 0 < line <= len(lines) and suppresses(lines[line - 1], self.code):
                return f"a use of `{local}` on line {line} has its {self.code} finding suppressed"
        return None

    # --- the import statements (`ast` positions; every other byte stays) ---------------------
    def alias(self, local: str) -> tuple[ast.ImportFrom, ast.alias, str] | None:
        """(statement, alias, module) of the top-level `from M import name [as local]` binding
        `local`, or None."""
        for stmt in self.ctx.imports.top_level_imports:
            if not isinstance(stmt, ast.ImportFrom) or stmt.level or stmt.names[0].name == "*":
                continue
            for alias in stmt.names:
                if (alias.asname or alias.name) == local:
                    return stmt, alias, stmt.module or ""
        return None

    def remove(self, found) -> Edit:
        """Drop one alias of a `from` import (the whole statement when it is the only one)."""
        ctx = self.ctx
        stmt, alias, _ = found
        names = stmt.names
        index = names.index(alias)
        if len(names) == 1:
            return self.remove_statement(stmt)
        if index + 1 < len(names):
            return Edit(ctx.offsets(alias)[0], ctx.offsets(names[index + 1])[0], "")
        return Edit(ctx.offsets(names[index - 1])[1], ctx.offsets(alias)[1], "")

    def rename(self, found, new: str) -> Edit:
        """`from M import old [as x]` -> `from M import new [as x]`."""
        alias = found[1]
        start = self.ctx.offsets(alias)[0]
        return Edit(start, start + len(alias.name), new)

    def remove_statement(self, stmt: ast.stmt) -> Edit:
        """The statement's whole line(s) (a comment after it goes too) when nothing else is
        written on them; else the statement and the `;` that joins it to its neighbour."""
        ctx = self.ctx
        source = ctx.source
        start, end = ctx.offsets(stmt)
        line_start = ctx.offset(ctx.line_of(start), 0)
        after = skip_trivia(source, end, newlines=False)
        if source.startswith(";", after):
            return Edit(start, skip_trivia(source, after + 1, newlines=False), "")
        before = source[line_start:start]
        if before.strip(" \t\f"):
            semicolon = source.rfind(";", line_start, start)
            return Edit(semicolon if semicolon >= 0 else start, end, "")
        line_end = after + 2 if source.startswith("\r\n", after) else min(after + 1, len(source))
        return Edit(line_start, line_end, "")

    def module_of(self, stmt: ast.ImportFrom) -> Edit | None:
        """An edit deleting the module name M of `from M import ...` (give it a replacement to
        rename the module); None when M is not written as one dotted word."""
        text = self.ctx.text(stmt)
        at = skip_trivia(text, 4)  # after `from`
        end = at
        while end < len(text) and (text[end].isalnum() or text[end] in "._"):
            end += 1
        if text[at:end] != stmt.module:
            return None
        start = self.ctx.offsets(stmt)[0]
        return Edit(start + at, start + end, "")
