"""The import manager: the one place fixes add, rename and remove imports.

A binding is never removed or renamed while something else needs it: a use the fix does not
rewrite, a use on a line whose finding is suppressed (`# noqa: SF201`), `__all__`, an explicit
re-export (`import X as X`, `from M import X as X`) or, in a package's `__init__.py`, any
module-level import (other modules import it from the package). Rules ask `keeps(local)` before
planning a rename and take the edits from here.
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Iterable

from codemods.analysis.names import dotted
from codemods.context import FileContext
from codemods.lazy import lazy_module
from codemods.model import Edit
from codemods.suppression import source_lines, suppresses

if TYPE_CHECKING:
    import libcst as cst
else:
    cst = lazy_module("libcst")

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
            alias = found[2]
            if alias.asname is not None and alias.asname.name.value == dotted(alias.name).rsplit(".", 1)[-1]:
                return f"`import ... as {local}` re-exports it"
        lines = self._lines()
        for node in uses:
            line = self.ctx.span(node).line
            if 0 < line <= len(lines) and suppresses(lines[line - 1], self.code):
                return f"a use of `{local}` on line {line} has its {self.code} finding suppressed"
        return None

    # --- the import statements (LibCST, to keep every other byte) ---------------------------
    def import_lines(self) -> list[cst.SimpleStatementLine]:
        """Top-level lines of the LibCST module holding imports."""
        return [stmt for stmt in self.ctx.module.body if isinstance(stmt, cst.SimpleStatementLine)
                and any(isinstance(small, (cst.Import, cst.ImportFrom)) for small in stmt.body)]

    def alias(self, local: str):
        """(line, `from` node, alias, module) of the top-level `from M import name [as local]`
        binding `local`, or None."""
        for stmt in self.import_lines():
            for small in stmt.body:
                if not isinstance(small, cst.ImportFrom) or isinstance(small.names, cst.ImportStar) or small.relative:
                    continue
                for alias in small.names:
                    bound = alias.asname.name.value if alias.asname else dotted(alias.name)
                    if bound == local:
                        return stmt, small, alias, dotted(small.module) or ""
        return None

    def remove(self, found) -> Edit:
        """Drop one alias of a `from` import (the whole line when it is the only one)."""
        ctx = self.ctx
        stmt, node, alias, _ = found
        names = list(node.names)
        index = names.index(alias)
        if len(names) == 1 and len(stmt.body) == 1:
            return self.remove_line(stmt)
        if index + 1 < len(names):
            return Edit(ctx.offsets(alias)[0], ctx.offsets(names[index + 1])[0], "")
        previous = names[index - 1]
        prev_end = ctx.offsets(previous.asname.name if previous.asname else previous.name)[1]
        own_end = ctx.offsets(alias.asname.name if alias.asname else alias.name)[1]
        return Edit(prev_end, own_end, "")

    def rename(self, found, new: str) -> Edit:
        """`from M import old [as x]` -> `from M import new [as x]`."""
        return self.ctx.replace(found[2].name, new)

    def remove_line(self, stmt: cst.SimpleStatementLine) -> Edit:
        ctx = self.ctx
        start = ctx.offset(ctx.line_of(ctx.offsets(stmt)[0]), 0)
        _, end = ctx.offsets(stmt)
        ends = [i for i in (ctx.source.find("\n", end), ctx.source.find("\r", end)) if i >= 0]
        line_end = min(ends, default=len(ctx.source))
        if ctx.source.startswith("\r\n", line_end):
            line_end += 1
        return Edit(start, min(line_end + 1, len(ctx.source)), "")

    def add_to_from(self, module: str, name: str) -> Edit | None:
        """`, name` appended to the first top-level `from module import ...` line, if any."""
        for node, found in self.ctx.imports.import_froms:
            if found == module and node.names[0].name != "*":
                _, end = self.ctx.offsets(node.names[-1])
                return Edit(end, end, f", {name}")
        return None
