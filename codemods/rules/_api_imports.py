"""The import side of the SF2xx fixes: an import of a moved or removed name respelled, or dropped
with every use of it rewritten, as one fix applied whole (a use rewritten alone would leave an
import that fails on the target JAX)."""
from __future__ import annotations

import ast
import dataclasses
import re
from typing import Iterator

from codemods import api_history as history
from codemods import jaxapi
from codemods.context import FileContext
from codemods.model import Edit, Finding
from codemods.rules import _api_walks as walks
from codemods.rules._api_text import quote_in, render, spell, template_name

_FROM_MODULE = re.compile(r"from\s+([\w.]+)\s+import")
CHAIN_ADVICE = "use the `NamedSharding` over a `Mesh` of the same devices that shards like it"


class ImportChanges:
    """The import statements of one SF2xx rule's findings (a part of `ApiChanges`)."""

    def _import(self, stmt: ast.ImportFrom, uses: dict[str, list[tuple[ast.Name, history.ApiChange]]],
                module_uses: dict[str, list[tuple[ast.Attribute, history.ApiChange]]]) -> Iterator[Finding]:
        """`from old.module import old_name`: the module respelled when every name it imports moved
        to one new module under the same name; else the import removed and each use respelled."""
        ctx = self.ctx
        moved = []
        for alias in stmt.names:
            change = next((c for c in self.changes if c.form in (history.REFERENCE, history.MODULE, history.CALL)
                           and jaxapi.canonical(f"{stmt.module}.{alias.name}") in c.old), None)
            moved.append((alias, change))
        found = [(alias, change) for alias, change in moved if change is not None]
        if not found:
            return
        modules = {c.import_from for _, c in found}
        same_module = len(moved) == len(found) and len(modules) == 1 and "" not in modules
        for alias, change in found:
            local = alias.asname or alias.name
            sites = uses.pop(local, [])
            if change.form == history.CALL:
                yield from self._imported_calls(stmt, alias, sites, change)
                continue
            if change.form == history.MODULE:
                yield from self._module_import(stmt, alias, change, module_uses)
                continue
            rewrites = [self._chain(node) for node, _ in sites] if change.sharding_chain and sites else [None]
            cut = self._import_cut(stmt, alias, [node for node, _ in sites]) if None not in rewrites else None
            if cut is not None:
                edits = [*cut, *(e for rewrite in rewrites for e in rewrite)]
                edits = [e for i, e in enumerate(edits) if e not in edits[:i]]
                yield self._finding(stmt, dataclasses.replace(change, reason=""), edits, CHAIN_ADVICE)
                for node, _ in sites:
                    yield self._finding(node, dataclasses.replace(change, reason=""), edits, CHAIN_ADVICE)
                continue
            if change.reason:
                yield self._finding(stmt, change, None, "")
                for node, _ in sites:
                    yield self._finding(node, change, None, "")
                continue
            new = template_name(change.replacement(ctx.target) or "")
            if same_module:
                match = _FROM_MODULE.match(ctx.text(stmt))
                start = ctx.offsets(stmt)[0] + match.start(1)
                edit = Edit(start, start + len(match.group(1)), change.import_from)
                yield self._finding(stmt, change, [edit], f"import `{alias.name}` from `{change.import_from}`")
                continue
            edits = self._respelled_uses(stmt, alias, sites, new)
            advice = f"use `{new}`"
            yield self._finding(stmt, change, edits, advice)
            for node, _ in sites:
                yield self._finding(node, change, edits, advice)

    def _imported_calls(self, stmt: ast.ImportFrom, alias: ast.alias, sites, change: history.ApiChange) -> Iterator[Finding]:
        """`from jax import device_put_sharded` and its calls: the import dropped and every call
        rewritten, one fix; else each reported (a call rewritten alone would leave the import,
        which fails on the target JAX)."""
        calls = [self._call_of(node) for node, _ in sites]
        rewritten = [self._call_text(call, change) if call is not None else None for call in calls]
        cut = self._import_cut(stmt, alias, [node for node, _ in sites])
        if not sites or cut is None or any(r is None for r in rewritten):
            why = ("every use of the imported name must be a call `f(values, devices)` with plain arguments, "
                   "in a module that does not export it" if sites else "the imported name is never called")
            yield self._finding(stmt, change, None, f"{why}: rewrite by hand")
            for call in calls:
                yield self._finding(call if call is not None else stmt, change, None, "rewrite by hand (only "
                                    "`f(values, devices)` with plain arguments is migrated)")
            return
        edits = [*cut, *(self.ctx.replace(call, text) for call, (text, _) in zip(calls, rewritten))]
        for _, needed in rewritten:
            edits.extend(e for e in needed if e not in edits)
        advice = "use `jax.device_put` with a `NamedSharding` over the same devices"
        yield self._finding(stmt, change, edits, advice)
        for call in calls:
            yield self._finding(call, change, edits, advice)

    def _module_import(self, stmt: ast.Import | ast.ImportFrom, alias: ast.alias, change: history.ApiChange,
                       module_uses: dict[str, list[tuple[ast.Attribute, history.ApiChange]]]) -> Iterator[Finding]:
        """An import of a module JAX removed: dropped, with every `alias.name` use respelled, when
        each use has a replacement; else reported with the reason."""
        local = alias.asname or (alias.name if isinstance(stmt, ast.ImportFrom) else "")
        sites = module_uses.pop(local, []) if local else []
        templates = [c.replacement(self.ctx.target) for _, c in sites]
        cut = self._import_cut(stmt, alias, [walks.root(node) for node, _ in sites]) if local and sites else None
        if cut is None or None in templates or any(self._called_with_too_many(n, c) for n, c in sites):
            yield self._finding(stmt, change, None, "")
            for node, use in sites:
                yield self._reference(node, use)
            return
        edits = list(cut)
        for (node, _), template in zip(sites, templates):
            text, needed = render(self.ctx, template or "", quote=quote_in(self.ctx, node))
            edits.append(self.ctx.replace(node, text))
            edits.extend(e for e in needed if e not in edits)
        advice = "use the `jax.sharding` (or `jax`) names it held"
        yield self._finding(stmt, dataclasses.replace(change, reason=""), edits, advice)
        for node, use in sites:
            yield self._finding(node, use, edits, advice)

    def _respelled_uses(self, stmt: ast.ImportFrom, alias: ast.alias, sites, new: str) -> list[Edit] | None:
        """The imported name dropped (the line with it when it is the only one) and every use of
        it respelled: one fix, applied whole."""
        ctx = self.ctx
        if any(self._called_with_too_many(node, change) for node, change in sites):
            return None
        cut = self._import_cut(stmt, alias, [node for node, _ in sites])
        if cut is None:
            return None
        text, edits = spell(ctx, new)
        return [*cut, *(ctx.replace(node, text) for node, _ in sites), *edits]

    def _import_cut(self, stmt: ast.Import | ast.ImportFrom, alias: ast.alias, uses: list[ast.expr]) -> list[Edit] | None:
        """The edit dropping `alias` from `stmt` (the line when it is the only name), when `uses`
        are all the reads of its local name; None when it cannot go."""
        ctx = self.ctx
        local = alias.asname or alias.name
        if not ctx.starts_line(stmt) or stmt in ctx.tree.body and _exported(ctx, local):
            return None
        if ctx.path.replace("\\", "/").endswith("__init__.py"):
            return None
        all_uses = [n for n in ast.walk(ctx.tree) if isinstance(n, ast.Name) and n.id == local]
        if len(all_uses) != len(uses) or any(isinstance(n, ast.arg) and n.arg == local for n in ast.walk(ctx.tree)):
            return None  # a store, a parameter or a use shadowed by something else
        if len(stmt.names) > 1:
            index = stmt.names.index(alias)
            if index + 1 < len(stmt.names):
                cut = Edit(ctx.offsets(alias)[0], ctx.offsets(stmt.names[index + 1])[0], "")
            else:
                cut = Edit(ctx.offsets(stmt.names[index - 1])[1], ctx.offsets(alias)[1], "")
            return [cut]
        start, end = ctx.offsets(stmt)
        line_end = end
        while line_end < len(ctx.source) and ctx.source[line_end] in " \t":
            line_end += 1
        if ctx.source.startswith("\r\n", line_end):
            line_end += 2
        elif line_end < len(ctx.source) and ctx.source[line_end] in "\r\n":
            line_end += 1
        elif line_end < len(ctx.source):
            return None  # `; more` or a comment after the import
        return [Edit(start - len(ctx.indent_of_line(stmt.lineno)), line_end, "")]


def _exported(ctx: FileContext, local: str) -> bool:
    for stmt in ctx.tree.body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in stmt.targets):
            if any(isinstance(n, ast.Constant) and n.value == local for n in ast.walk(stmt.value)):
                return True
    return False
