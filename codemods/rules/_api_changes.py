"""The one detector and fixer behind the SF2xx migration rules: it reads the records of
codemods/api_history.py for one rule code, finds the old spellings on Python's `ast` and writes
fixes as text edits at `ast` positions (LibCST is never parsed for these rules).
"""
from __future__ import annotations

import ast
import dataclasses
import re
from typing import Iterator

from codemods import api_history as history
from codemods import jaxapi
from codemods.analysis import guards
from codemods.analysis.references import referenced_names
from codemods.calls import arguments
from codemods.context import FileContext
from codemods.model import Edit, Finding, Fix, Safety
from codemods.rules import _api_walks as walks
from codemods.rules import _sharding_chains as chains
from codemods.rules._api_imports import CHAIN_ADVICE, ImportChanges
from codemods.rules._api_text import quote_in, render, template_name

_DEVICE_LISTS = ("jax.devices", "jax.local_devices")


def _pure(ctx: FileContext, node: ast.expr) -> bool:
    """An expression that may be written twice: names, attributes, subscripts, literals, and
    calls of `jax.devices` / `jax.local_devices` (however imported)."""
    if isinstance(node, (ast.Name, ast.Constant)):
        return True
    if isinstance(node, ast.Attribute):
        return _pure(ctx, node.value)
    if isinstance(node, ast.Subscript):
        return _pure(ctx, node.value) and _pure(ctx, node.slice)
    if isinstance(node, ast.Slice):
        return all(part is None or _pure(ctx, part) for part in (node.lower, node.upper, node.step))
    if isinstance(node, (ast.Tuple, ast.List)):
        return all(_pure(ctx, e) for e in node.elts)
    if isinstance(node, ast.Call):
        return not node.args and not node.keywords and ctx.imports.resolve(node.func) in _DEVICE_LISTS
    return False


def _plain_args(call: ast.Call) -> bool:
    return not any(isinstance(a, ast.Starred) for a in call.args) and all(k.arg is not None for k in call.keywords)


class ApiChanges(ImportChanges):
    """Findings of one SF2xx rule in one file."""

    def __init__(self, ctx: FileContext, code: str) -> None:
        self.ctx = ctx
        self.code = code
        self.changes = [c for c in history.CHANGES if c.code == code and ctx.target >= c.reported_from]
        self._first: dict[tuple[str, str], history.ApiChange] = {}  # (form, old name) -> its first change
        for change in self.changes:
            for name in change.old:
                self._first.setdefault((change.form, name), change)
        # Asked of every node: a call whose callee resolves to none of these has no finding here.
        self._old_names = frozenset(name for change in self.changes for name in change.old)
        self._by_attribute: dict[str, history.ApiChange] = {}  # attribute name -> its first change
        for change in self.changes:
            if change.form == history.ATTRIBUTE:
                self._by_attribute.setdefault(change.keyword, change)
        # A value built by an API the module never names (resolves no name to) is no evidence:
        # those changes need no look at assignments (a walk of the whole module).
        reached = referenced_names(ctx.tree)
        self._method_changes = [c for c in self.changes if c.form == history.METHOD and not reached.isdisjoint(c.old)]
        self._with_changes = [c for c in self.changes if c.form == history.WITH and not reached.isdisjoint(c.old)]
        # What each node resolves to, shared by the SF2xx rules (each asks of the same nodes).
        self._resolved: dict[int, str | None] = ctx.cached("api-history:resolved", dict)
        self._saved_settings: set[int] = set()  # RESTORE: the calls whose result was reported

    def _name(self, node: ast.expr) -> str | None:
        key = id(node)
        if key not in self._resolved:
            self._resolved[key] = self.ctx.imports.resolve(node)
        return self._resolved[key]

    def _change(self, node: ast.expr, form: str) -> history.ApiChange | None:
        name = self._name(node)
        return self._first.get((form, name)) if name else None

    def findings(self) -> Iterator[Finding]:
        if not self.changes:
            return
        by_import: dict[str, list[tuple[ast.Name, history.ApiChange]]] = {}
        # Uses through a local name bound to a module JAX removed (`shard.reshard`): fixed with
        # that import, which must go too (the program would still fail at it).
        module_aliases = self._module_aliases()
        by_module: dict[str, list[tuple[ast.Attribute, history.ApiChange]]] = {}
        old, by_attribute, methods = self._old_names, self._by_attribute, bool(self._method_changes)
        # Only the sites a branch below may report on (of most nodes, none is).
        references = frozenset(name for form, name in self._first if form == history.REFERENCE)
        called = references | {name for form, name in self._first if form == history.CALL}
        for node, test, key in walks.sites_for(self.ctx, self._name, old, frozenset(by_attribute), called, references, methods):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and (
                    change := self._change(node, history.REFERENCE) or self._change(node, history.CALL)):
                by_import.setdefault(node.id, []).append((node, change))
            elif isinstance(node, ast.Attribute) and (change := self._change(node, history.REFERENCE)):
                root = walks.root(node)
                if isinstance(root, ast.Name) and root.id in module_aliases:
                    by_module.setdefault(root.id, []).append((node, change))
                else:
                    yield self._reference(node, change)
            elif isinstance(node, ast.Attribute) and (found := self._attribute(node) or self._method(node)) is not None:
                yield found
            elif isinstance(node, ast.Call):
                yield from self._call(node)
            elif isinstance(node, ast.With):
                yield from self._with(node)
        imports = walks.import_statements(self.ctx)
        for stmt in imports:
            if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
                yield from self._import(stmt, by_import, by_module)
        for stmt in (n for n in imports if isinstance(n, ast.Import)):
            for alias in stmt.names:
                change = next((c for c in self.changes if c.form == history.MODULE and alias.name in c.old), None)
                if change is not None:
                    yield from self._module_import(stmt, alias, change, by_module)
        for uses in by_module.values():  # a name bound to the module some other way too
            for node, change in uses:
                yield self._reference(node, change)
        for uses in by_import.values():  # calls of a removed function bound some other way
            for node, change in uses:
                if change.form == history.CALL and (call := self._call_of(node)) is not None:
                    yield self._finding(call, change, None, "call it as `jax.<name>` to have each call migrated")

    def _module_aliases(self) -> set[str]:
        """Local names an import binds to a module JAX removed (`from jax.experimental import
        shard`, `import jax.experimental.shard as s`)."""
        gone = {old for c in self.changes if c.form == history.MODULE for old in c.old}
        found = set()
        for stmt in walks.import_statements(self.ctx):
            for alias in stmt.names:
                if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
                    if jaxapi.canonical(f"{stmt.module}.{alias.name}") in gone:
                        found.add(alias.asname or alias.name)
                elif isinstance(stmt, ast.Import) and alias.asname and alias.name in gone:
                    found.add(alias.asname)
        return found

    def _call_of(self, node: ast.expr) -> ast.Call | None:
        parent = walks.parents(self.ctx).get(id(node))
        return parent if isinstance(parent, ast.Call) and parent.func is node else None

    # --- references ---------------------------------------------------------------------------
    def _finding(self, node: ast.AST, change: history.ApiChange, edits: list[Edit] | None, advice: str) -> Finding:
        if change.reason or edits is None:
            return Finding(self.code, f"{change.history}; {change.reason or advice}", self.ctx.span(node))
        safety = Safety.SAFE if change.safe else Safety.UNSAFE
        description = advice + (f" (unsafe: {change.safety_note})" if change.safety_note else "")
        return Finding(self.code, f"{change.history}: {advice}", self.ctx.span(node),
                       Fix(description, tuple(edits), safety))

    def _chain(self, node: ast.expr) -> list[Edit] | None:
        """The edits writing the `PositionalSharding` chain built on `node` as a NamedSharding."""
        found = chains.rewrite(self.ctx, node)
        if found is None:
            return None
        replaced, edits = found
        return [*(self.ctx.replace(old, text) for old, text in replaced), *edits]

    def _called_with_too_many(self, node: ast.expr, change: history.ApiChange) -> bool:
        """A call of the old API the new one cannot take as it is: too many positional arguments,
        or a keyword the table renames (renamed first, by its own finding)."""
        parent = walks.parents(self.ctx).get(id(node))
        if not isinstance(parent, ast.Call) or parent.func is not node:
            return False
        if self._renamed_keyword_passed(node, change):
            return True
        return change.max_positional is not None and (len(parent.args) > change.max_positional or not _plain_args(parent))

    def _renamed_keyword_passed(self, node: ast.expr, change: history.ApiChange) -> bool:
        parent = walks.parents(self.ctx).get(id(node))
        if not isinstance(parent, ast.Call) or parent.func is not node:
            return False
        renamed = {c.keyword for c in self.changes if c.form == history.KEYWORD and set(c.old) & set(change.old)}
        return any(k.arg in renamed for k in parent.keywords)

    def _reference(self, node: ast.expr, change: history.ApiChange) -> Finding:
        if change.sharding_chain and (chain := self._chain(node)) is not None:
            return self._finding(node, dataclasses.replace(change, reason=""), chain, CHAIN_ADVICE)
        template = change.replacement(self.ctx.target)
        if self._called_with_too_many(node, change):
            first = ("rename the old keyword first (its own finding)" if self._renamed_keyword_passed(node, change)
                     else "pass the arguments after the function as keywords, with their current names")
            return self._finding(node, change, None, f"{first}, then use `{template_name(template or '')}`")
        if template is None:
            return self._finding(node, change, None, "no replacement")
        text, edits = render(self.ctx, template, quote=quote_in(self.ctx, node))
        return self._finding(node, change, [self.ctx.replace(node, text), *edits], f"use `{text}`")

    # --- calls --------------------------------------------------------------------------------
    def _call(self, call: ast.Call) -> Iterator[Finding]:
        name = self._name(call.func)
        returned = False
        if name is None and isinstance(call.func, ast.Call):  # `auto_axes(f)(x, out_shardings=...)`
            name, returned = self._name(call.func.func), True
        if name not in self._old_names:  # every change below is found by the callee's name
            return
        change = self._change(call.func, history.CALL)
        if change is not None and not isinstance(call.func, ast.Name):  # a Name: with its import
            yield self._rewritten_call(call, change)
        for change in (c for c in self.changes if c.form == history.KEYWORD and name in c.old) if name else ():
            if returned and not change.returned_takes_keyword:
                continue
            for keyword in call.keywords:
                if keyword.arg == change.keyword:
                    yield self._renamed_keyword(call, keyword, change)
        change = self._change(call.func, history.RESTORE)
        if change is not None and len(call.args) == 1 and isinstance(call.args[0], ast.Name):
            earlier = self._assigned_value(call.args[0])
            if isinstance(earlier, ast.Call) and self._change(earlier.func, history.RESTORE) is change:
                if id(earlier) not in self._saved_settings:
                    self._saved_settings.add(id(earlier))
                    yield self._finding(earlier, change, None, "")
                yield self._finding(call, change, None, "")
        change = self._change(call.func, history.MISSING_KEYWORD)
        if change is not None and self._predates(change) and _plain_args(call) and len(call.args) < 3 \
                and all(k.arg != change.keyword for k in call.keywords):
            yield self._added_keyword(call, change)

    def _renamed_keyword(self, call: ast.Call, keyword: ast.keyword, change: history.ApiChange) -> Finding:
        """`f(old=v)` -> `f(new=v)` when the record names the new keyword and the call lacks it."""
        template = change.replacement(self.ctx.target)
        new = template.split("=")[0] if template else None
        if new is None or any(k.arg == new for k in call.keywords) or not self.ctx.text(keyword).startswith(change.keyword):
            return self._finding(keyword, change, None, f"`{new}=` is passed too: keep one of them" if new else "")
        start = self.ctx.offsets(keyword)[0]
        if "{0}" not in template:
            return self._finding(keyword, change, [Edit(start, start + len(change.keyword), new)], f"use `{new}=`")
        # The value is wrapped, not rewritten: edits inside it (`.vma` read there) stay separate.
        value_start, value_end = self.ctx.offsets(keyword.value)
        if not re.fullmatch(rf"{change.keyword}\s*=\s*", self.ctx.source[start:value_start]):
            return self._finding(keyword, change, None, f"rewrite as `{template}` by hand")
        (before, imports), (after, more) = (render(self.ctx, part) for part in template.split("{0}"))
        edits = [Edit(start, value_start, before), Edit(value_end, value_end, after), *imports,
                 *(e for e in more if e not in imports)]
        return self._finding(keyword, change, edits, f"use `{template}`")

    def _rewritten_call(self, call: ast.Call, change: history.ApiChange) -> Finding:
        rewritten = self._call_text(call, change)
        if rewritten is None:
            return self._finding(call, change, None, "rewrite by hand (only `f(values, devices)` with plain "
                                 "arguments is migrated)")
        text, edits = rewritten
        return self._finding(call, change, [self.ctx.replace(call, text), *edits], "use `jax.device_put` with a "
                             "`NamedSharding` over the same devices")

    def _call_text(self, call: ast.Call, change: history.ApiChange) -> tuple[str, list[Edit]] | None:
        """The call written with the target's API, and the imports that needs; None when the call
        is not `f(values, devices)` with plain arguments, each written twice only when safe to."""
        ctx = self.ctx
        template = change.replacement(ctx.target)
        if template is None or call.keywords or not _plain_args(call) or len(call.args) != 2:
            return None
        if any(template.count(f"{{{i}}}") > 1 and not _pure(ctx, a) for i, a in enumerate(call.args)):
            template = change.replacement(ctx.target, single_use=True)
            if template is None or not all(_pure(ctx, a) for a in call.args[:-1]):
                return None
        return render(ctx, template, tuple(ctx.text(a) for a in call.args), quote_in(ctx, call))

    def _predates(self, change: history.ApiChange) -> bool:
        """The code was written for a JAX older than `change.evidence_before`: the user or the
        project's declaration of jax says so, or the module uses an API JAX removed by then,
        outside a version guard (a branch for the other JAX generation proves the module
        supports both)."""
        ctx = self.ctx

        def compute() -> bool:
            if _needs_explicit_axes(ctx):
                return False
            regions = guards.other_generation(ctx.tree, ctx.target)
            # A module with a version guard is written for both generations, whatever the
            # project declares: only its own unguarded code can prove it old.
            if not regions and ctx.written_for is not None and ctx.written_for.before(change.evidence_before or (0, 0, 0)):
                return True
            old = history.old_names_until(change.evidence_before or (0, 0, 0))

            def unguarded(node: ast.AST) -> bool:
                return not guards.inside(regions, node.lineno, node.col_offset)

            imported = set()
            for stmt in walks.import_statements(ctx):
                imported.update(a.asname or a.name.split(".")[0] for a in stmt.names)
                if isinstance(stmt, ast.ImportFrom) and (stmt.level or not stmt.module):
                    continue
                names = [f"{stmt.module}.{a.name}" if isinstance(stmt, ast.ImportFrom) else a.name for a in stmt.names]
                if any(_public(name) and jaxapi.canonical(name) in old for name in names) and unguarded(stmt):
                    return True
            # Attribute chains on an imported public module only: a name assigned in one branch of
            # a guard resolves to whichever binding came last, and a private module still has the
            # names JAX removed from the public one.
            return any(isinstance(n, ast.Attribute) and isinstance(walks.root(n), ast.Name) and walks.root(n).id in imported
                       and _public(ctx.imports.bindings.get(walks.root(n).id) or "") and ctx.imports.resolve(n) in old
                       and unguarded(n) for n in walks.expression_nodes(ctx))
        return ctx.cached(f"api-history:predates:{change.evidence_before}", compute)

    def _added_keyword(self, call: ast.Call, change: history.ApiChange) -> Finding:
        ctx = self.ctx
        shape = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "axis_shapes"), None)
        names = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "axis_names"), None)
        count = next((len(n.elts) for n in (shape, names) if isinstance(n, (ast.Tuple, ast.List))), None)
        template = change.replacement(ctx.target)
        if count is None or template is None:
            return self._finding(call, change, None, "pass `axis_types=(jax.sharding.AxisType.Auto,) * "
                                 "<number of axes>` to keep the old behaviour")
        laid_out = arguments(ctx, call)
        if not laid_out:
            return self._finding(call, change, None, "pass `axis_types=(jax.sharding.AxisType.Auto,) * "
                                 f"{count}` to keep the old behaviour")
        text, edits = render(ctx, template, quote=quote_in(ctx, call), axes=str(count))
        # After the last argument's closing parenthesis, if it has one: `f(a, (b))` -> `f(a, (b), k)`.
        at = laid_out[-1].end
        return self._finding(call, change, [Edit(at, at, f", {text}"), *edits],
                             f"pass `{text}` to keep the old behaviour")

    # --- attributes and with-statements --------------------------------------------------------
    def _attribute(self, node: ast.Attribute) -> Finding | None:
        change = self._by_attribute.get(node.attr)
        if change is None or not isinstance(node.value, ast.Call) or self._change(node.value.func, history.ATTRIBUTE) is None:
            return None
        template = change.replacement(self.ctx.target)
        end = self.ctx.offsets(node)[1]
        return self._finding(node, change, [Edit(end - len(node.attr), end, template)], f"use `.{template}`")

    def _method(self, node: ast.Attribute) -> Finding | None:
        """`s.reshape(4, 2)` where `s` holds an object of an API JAX removed (a chain
        `s.reshape(4, 2).replicate(1)` is one finding, at its start)."""
        if not isinstance(node.value, ast.Name):
            return None
        change = next((c for c in self._method_changes if self._holds(node.value, c)), None)
        return None if change is None else self._finding(node, change, None, "")

    def _holds(self, expr: ast.expr, change: history.ApiChange, depth: int = 0) -> bool:
        """`expr` certainly evaluates to an object built by a call of `change.old`."""
        if depth > 8:
            return False
        if isinstance(expr, ast.Call):
            if self.ctx.imports.resolve(expr.func) in change.old:
                return True
            func = expr.func
            return isinstance(func, ast.Attribute) and func.attr in change.chained and self._holds(func.value, change, depth + 1)
        value = self._assigned_value(expr) if isinstance(expr, ast.Name) else None
        return value is not None and self._holds(value, change, depth + 1)

    def _assigned_value(self, name: ast.Name) -> ast.expr | None:
        return walks.assigned_value(self.ctx, name)

    def _with(self, node: ast.With) -> Iterator[Finding]:
        changes = self._with_changes
        if not changes:
            return
        for item in node.items:
            expr = item.context_expr
            built = self._mesh_built_by(expr)
            change = next((c for c in changes if built in c.old), None)
            if change is None:
                continue
            template = change.replacement(self.ctx.target)
            if item.optional_vars is not None or template is None:
                yield self._finding(expr, change, None, "use `with jax.set_mesh(mesh):` (rewrite by hand)")
                continue
            text, edits = render(self.ctx, template, (self.ctx.text(expr),), quote_in(self.ctx, expr))
            yield self._finding(expr, change, [self.ctx.replace(expr, text), *edits], f"use `with {text}:`")

    def _mesh_built_by(self, expr: ast.expr) -> str | None:
        """The canonical name of the mesh factory `expr` certainly comes from (a call, or a name
        assigned once, in the module or the enclosing function, from such a call)."""
        if isinstance(expr, ast.Call):
            return self.ctx.imports.resolve(expr.func)
        value = self._assigned_value(expr) if isinstance(expr, ast.Name) else None
        return self.ctx.imports.resolve(value.func) if isinstance(value, ast.Call) else None


def _needs_explicit_axes(ctx: FileContext) -> bool:
    """The module makes reduced or unreduced values (`to='reduced'`, `reduced=` in a spec,
    `preduced`, `all_gather_reduced`), which need Explicit mesh axes."""
    for node in walks.expression_nodes(ctx):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg in history.EXPLICIT_ONLY_KEYWORDS or keyword.arg == "to" and isinstance(
                        keyword.value, ast.Constant) and keyword.value.value in history.EXPLICIT_ONLY_KEYWORDS:
                    return True
        elif isinstance(node, (ast.Attribute, ast.Name)) and ctx.imports.resolve(node) in history.EXPLICIT_ONLY_APIS:
            return True
    return any(isinstance(stmt, ast.ImportFrom) and stmt.module and any(
        jaxapi.canonical(f"{stmt.module}.{a.name}") in history.EXPLICIT_ONLY_APIS for a in stmt.names)
        for stmt in walks.import_statements(ctx))


def _public(name: str) -> bool:
    return bool(name) and not name.startswith(("jax._src", "jax.experimental.lax"))
