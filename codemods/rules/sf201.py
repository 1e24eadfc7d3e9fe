"""SF201: removed and private JAX APIs, migrated to the spelling the target JAX offers."""
from __future__ import annotations

from typing import Iterator

from codemods import jaxapi
from codemods.analysis.names import dotted
from codemods.context import FileContext
from codemods.imports import ImportManager
from codemods.lazy import lazy_module
from codemods.model import Edit, Finding, Fix, RuleDoc
from codemods.rules._manual_axes import axis_names_text
from codemods.rules.base import Rule
from codemods.spelling import jax_module, lax_function, quote_of

cst = lazy_module("libcst")


class RemovedApi(Rule):
    code = "SF201"
    name = "removed-api"
    summary = "Removed or private JAX API (pvary, preduced, all_gather_reduced, experimental shard_map)"
    triggers = (b"pvary", b"preduced", b"all_gather_reduced", b"all_gather_invariant", b"experimental.shard_map",
                b"experimental import shard_map")
    apis = frozenset({old for m in jaxapi.MIGRATIONS for old in m.old} | {jaxapi.EXPERIMENTAL_SHARD_MAP})
    doc = RuleDoc(
        what="Finds calls of JAX collectives that were removed or made private, and the old "
             "`jax.experimental.shard_map.shard_map` entry point.",
        why="JAX 0.10.0 removed `jax.lax.pvary` (code fails with `AttributeError: module 'jax.lax' has no "
            "attribute 'pvary'`); `preduced` and `all_gather_reduced` became private in 0.8.2 and "
            "`jax.experimental.shard_map` is deprecated since 0.8.0 in favour of `jax.shard_map`, whose "
            "`check_rep` is now `check_vma` and whose mesh and specs are keyword-only.",
        example="y = jax.lax.pvary(x, 'i')\n"
                "f = shard_map(body, mesh, P('i'), P('i'), check_rep=False)",
        use_instead="y = jax.lax.pcast(x, 'i', to='varying')\n"
                    "f = shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P('i'), check_vma=False)",
        fix_safety="Safe: each replacement is the documented new spelling of the same operation. Offered only "
                   "when the target JAX (--target-jax) has the new spelling: for jax older than 0.8.2 `pvary` is "
                   "right and is left alone.",
        versions="pcast: jax >= 0.8.2; all_gather(to='invarying'): jax >= 0.10.0; jax.shard_map: jax >= 0.6.1.",
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        yield from _Migrations(ctx).findings()
        yield from _ShardMapMigration(ctx).findings()


def _local_uses(module: cst.Module) -> dict[str, list[cst.Name]]:
    """Every load of a bare name outside import statements, attribute tails and keywords."""
    uses: dict[str, list[cst.Name]] = {}

    class _Uses(cst.CSTVisitor):
        def visit_Import(self, node) -> bool:
            return False

        def visit_ImportFrom(self, node) -> bool:
            return False

        def visit_Attribute(self, node: cst.Attribute) -> bool:
            node.value.visit(self)
            return False

        def visit_Arg(self, node: cst.Arg) -> bool:
            node.value.visit(self)
            return False

        def visit_Name(self, node: cst.Name) -> None:
            uses.setdefault(node.value, []).append(node)

    module.visit(_Uses())
    return uses


def _append_keyword(ctx: FileContext, call: cst.Call, keyword: str, value: str, quote: str) -> Edit:
    text = f"{keyword}={quote}{value}{quote}"
    if not call.args:
        at = ctx.offsets(call)[1] - 1  # just inside the closing parenthesis
        return Edit(at, at, text)
    at = ctx.offsets(call.args[-1])[1]  # the Arg spans parentheses its value's range leaves out
    return Edit(at, at, f", {text}")


class _Migrations:
    """Calls of the functions in jaxapi.MIGRATIONS."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx
        self.by_name = {old: m for m in jaxapi.MIGRATIONS for old in m.old}

    def findings(self) -> Iterator[Finding]:
        ctx = self.ctx
        sites: list[tuple[cst.Call, jaxapi.Migration]] = []
        other_refs: list[tuple[cst.CSTNode, jaxapi.Migration]] = []
        called: set[int] = set()

        for node in _walk(ctx.module, (cst.Call,)):
            migration = self.by_name.get(ctx.imports.resolve(node.func) or "")
            if migration:
                sites.append((node, migration))
                called.add(id(node.func))
        for node in _walk(ctx.module, (cst.Attribute,)):
            if id(node) in called:
                continue
            migration = self.by_name.get(ctx.imports.resolve(node) or "")
            if migration and isinstance(node, cst.Attribute):
                other_refs.append((node, migration))
        uses = _local_uses(ctx.module)
        manager = ImportManager(ctx, RemovedApi.code)
        direct = {}  # local name -> (import data, migration) for names imported directly
        for local, bound in ctx.imports.bindings.items():
            migration = self.by_name.get(bound or "")
            found = manager.alias(local) if migration else None
            if found:
                direct[local] = (found, migration)

        by_local: dict[str, list[cst.Call]] = {}
        for call, _ in sites:
            if isinstance(call.func, cst.Name):
                by_local.setdefault(call.func.value, []).append(call)
        # A directly imported old name is renamed (or dropped) in its import only when every use
        # is a call rewritten in the same fix and nothing else needs the binding.
        self.kept = {local: manager.keeps(local, uses.get(local, [])) for local in direct}
        self.removable = {local for local in direct if self.kept[local] is None
                          and len(uses.get(local, [])) == len(by_local.get(local, []))
                          and all(self._rewritable(call, direct[local][1]) for call in by_local.get(local, []))}
        for local, (_, migration) in direct.items():
            for name in uses.get(local, []) if local not in self.removable else []:
                if not any(call.func is name for call, _ in sites):
                    other_refs.append((name, migration))
        self.shared = {local: self._shared_fix(local, by_local[local], direct[local], manager)
                       for local in self.removable if local in by_local and ctx.target >= direct[local][1].since}
        for call, migration in sites:
            # For an older target the old name is the right spelling: nothing to report.
            if ctx.target >= migration.since:
                yield self._call_finding(call, migration)
        for node, migration in other_refs:
            if ctx.target < migration.since:
                continue
            yield Finding(RemovedApi.code, f"{migration.history}; reference to `{ctx.text(node)}` cannot be rewritten "
                          f"automatically: use `{migration.new}(..., {migration.keyword[0]}='{migration.keyword[1]}')`",
                          ctx.span(node))
        for local, (found, migration) in direct.items():
            if local in by_local or ctx.target < migration.since:
                continue
            fix = None
            message = f"{migration.history}; import of `{local}`"
            if self.kept[local] is not None:
                message += f" (kept: {self.kept[local]})"
            elif not uses.get(local):
                fix = Fix(f"remove the unused import of `{local}`", (manager.remove(found),))
            yield Finding(RemovedApi.code, message, ctx.span(found[2]), fix)

    @staticmethod
    def _rewritable(call: cst.Call, migration: jaxapi.Migration) -> bool:
        keyword = migration.keyword[0]
        return not any(arg.star or arg.keyword is not None and arg.keyword.value == keyword for arg in call.args)

    def _own_edits(self, call: cst.Call, migration: jaxapi.Migration, spelled: str | None) -> list[Edit]:
        """The new keyword, and the callee respelled when `spelled` is given."""
        ctx = self.ctx
        keyword, state = migration.keyword
        edits = [_append_keyword(ctx, call, keyword, state, quote_of(ctx, call))]
        if spelled is not None:
            edits.append(ctx.replace(call.func, spelled))
        return edits

    def _shared_fix(self, local: str, calls: list[cst.Call], direct_entry, manager: ImportManager) -> tuple[Edit, ...]:
        """Every call of a directly imported old name, and its import: one fix, applied whole."""
        ctx = self.ctx
        found, migration = direct_entry
        _, _, alias, module = found
        edits: list[Edit] = []
        if module == "jax.lax":
            already = ctx.imports.names_bound_to(f"jax.lax.{migration.new}")
            spelled = already[0] if already else (None if alias.asname is not None else migration.new)
            for call in calls:
                edits.extend(self._own_edits(call, migration, spelled))
            edits.append(manager.remove(found) if already else manager.rename(found, migration.new))
            return tuple(edits)
        spelled, import_edits = lax_function(ctx, migration.new)
        for call in calls:
            edits.extend(self._own_edits(call, migration, spelled))
        return (*edits, *import_edits, manager.remove(found))

    def _call_finding(self, call: cst.Call, migration: jaxapi.Migration) -> Finding:
        ctx = self.ctx
        keyword, state = migration.keyword
        message = f"{migration.history}: use `{migration.new}(..., {keyword}='{state}')`"
        if not self._rewritable(call, migration):
            return Finding(RemovedApi.code, message, ctx.span(call))
        quote = quote_of(ctx, call)
        description = f"use `{migration.new}(..., {keyword}={quote}{state}{quote})`"
        func = call.func
        if isinstance(func, cst.Name) and func.value in self.shared:
            return Finding(RemovedApi.code, message, ctx.span(call), Fix(description, self.shared[func.value]))
        if isinstance(func, cst.Attribute) and ctx.imports.resolve(func.value) == "jax.lax":
            edits = self._own_edits(call, migration, None) + [ctx.replace(func.attr, migration.new)]
        else:
            spelled, import_edits = lax_function(ctx, migration.new)
            edits = self._own_edits(call, migration, spelled) + import_edits
        return Finding(RemovedApi.code, message, ctx.span(call), Fix(description, tuple(edits)))


def _walk(module: cst.Module, types: tuple[type, ...]) -> list:
    found: list = []

    class _Walker(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, (cst.Import, cst.ImportFrom)):
                return False
            if isinstance(node, types):
                found.append(node)
            return True

    module.visit(_Walker())
    return found


class _ShardMapMigration:
    """`jax.experimental.shard_map.shard_map` calls and partials -> `jax.shard_map`."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx

    def _is_old(self, expr: cst.BaseExpression) -> bool:
        return self.ctx.imports.resolve(expr) == jaxapi.EXPERIMENTAL_SHARD_MAP

    def findings(self) -> Iterator[Finding]:
        ctx = self.ctx
        if ctx.target < jaxapi.JAX_SHARD_MAP_ADDED:
            return
        sites: list[tuple[cst.Call, cst.BaseExpression, list[cst.Arg]]] = []
        for call in _walk(ctx.module, (cst.Call,)):
            if self._is_old(call.func):
                sites.append((call, call.func, list(call.args[1:])))
            elif (ctx.imports.resolve(call.func) == "functools.partial" and call.args
                  and call.args[0].keyword is None and self._is_old(call.args[0].value)):
                # partial(shard_map, mesh=..., ...): the decorated function comes first later.
                sites.append((call, call.args[0].value, [a for a in call.args[1:] if a.keyword is not None]
                              if all(a.keyword is not None for a in call.args[1:]) else None))
        uses = _local_uses(ctx.module)
        manager = ImportManager(ctx, RemovedApi.code)
        imported = {local: manager.alias(local) for local, bound in ctx.imports.bindings.items()
                    if bound == jaxapi.EXPERIMENTAL_SHARD_MAP}
        # A binding others rely on keeps meaning the old function: its calls are respelled.
        self.kept = {local: manager.keeps(local, uses.get(local, [])) for local in imported}
        site_funcs = {id(func) for _, func, _ in sites}
        # Each site's own edits (None: not rewritable), before anything touches an import.
        own = {id(call): self._call_edits(call, params) for call, _, params in sites}
        fixable_names = {local for local, found in imported.items()
                         if found and self._import_fix(found) is not None and self.kept[local] is None
                         and all(id(n) in site_funcs for n in uses.get(local, []))
                         and all(own[id(call)] is not None for call, func, _ in sites
                                 if isinstance(func, cst.Name) and func.value == local)}
        # Calls of an imported name change meaning together with its import: one fix holds the
        # edits of every call of that name and the import's, so none is applied without the rest.
        by_name: dict[str, tuple[Edit, ...]] = {}
        for local in fixable_names:
            edits = [e for call, func, _ in sites if isinstance(func, cst.Name) and func.value == local
                     for e in own[id(call)]]
            by_name[local] = tuple(edits) + self._import_fix(imported[local]).edits
        attribute_sites = [call for call, func, _ in sites if isinstance(func, cst.Attribute) and own[id(call)] is not None]
        self.last_attribute_site = attribute_sites[-1] if attribute_sites else None
        self.module_import_edit = self._module_import_cleanup(attribute_sites)
        for call, func, _ in sites:
            yield self._site(call, func, own[id(call)], by_name)
        for local, found in imported.items():
            if found and not any(isinstance(func, cst.Name) and func.value == local for _, func, _ in sites):
                alias = found[2]
                message = "`jax.experimental.shard_map` is deprecated since jax 0.8.0: import `shard_map` from `jax`"
                if self.kept[local] is not None:
                    message += f" (kept: {self.kept[local]})"
                yield Finding(RemovedApi.code, message, ctx.span(alias),
                              None if self.kept[local] is not None else self._import_fix(found))

    def _module_import_cleanup(self, sites) -> Edit | None:
        """`import jax.experimental.shard_map` goes once its last use is rewritten (it would
        keep importing a deprecated module); it becomes `import jax` if nothing else binds jax."""
        ctx = self.ctx
        manager = ImportManager(ctx, RemovedApi.code)
        statements = [stmt for stmt in manager.import_lines() if len(stmt.body) == 1
                      and isinstance(stmt.body[0], cst.Import) and len(stmt.body[0].names) == 1
                      and stmt.body[0].names[0].asname is None
                      and dotted(stmt.body[0].names[0].name) == "jax.experimental.shard_map"]
        if len(statements) != 1:
            return None
        references = [n for n in _walk(ctx.module, (cst.Attribute,)) if dotted(n) == "jax.experimental.shard_map"]
        if len(references) != len(sites):
            return None
        other_jax = [stmt for stmt in manager.import_lines() if stmt is not statements[0] and any(
            isinstance(small, cst.Import) and any(dotted(a.name) == "jax" and a.asname is None for a in small.names)
            for small in stmt.body)]
        if other_jax:
            return manager.remove_line(statements[0])
        return ctx.replace(statements[0].body[0], "import jax")

    def _import_fix(self, found) -> Fix | None:
        _, node, _, module = found
        if module != "jax.experimental.shard_map":
            return None
        if all(dotted(a.name) == "shard_map" for a in node.names):
            return Fix("import shard_map from jax", (self.ctx.replace(node.module, "jax"),))
        return None

    def _call_edits(self, call: cst.Call, params: list[cst.Arg] | None) -> list[Edit] | None:
        """Arguments rewritten for `jax.shard_map` (keywords, check_vma, axis_names), or None."""
        ctx = self.ctx
        if params is None:
            return None
        edits: list[Edit] = []
        positional = jaxapi.EXPERIMENTAL_SHARD_MAP_POSITIONAL
        given: dict[str, cst.Arg] = {}
        index = 0
        for arg in params:
            if arg.star:
                return None
            name = arg.keyword.value if arg.keyword is not None else None
            if name is None:
                if index >= len(positional):
                    return None
                name = positional[index]
                index += 1
                if name != "auto":
                    start = ctx.offsets(arg)[0]  # the Arg spans the parentheses of a tuple value
                    edits.append(Edit(start, start, f"{jaxapi.SHARD_MAP_RENAMED_KEYWORDS.get(name, name)}="))
            elif name in jaxapi.SHARD_MAP_RENAMED_KEYWORDS:
                edits.append(ctx.replace(arg.keyword, jaxapi.SHARD_MAP_RENAMED_KEYWORDS[name]))
            given[name] = arg
        if "auto" in given:
            if "mesh" not in given:
                return None
            manual = axis_names_text(ctx, call, given["mesh"].value, given["auto"].value, quote_of(ctx, call))
            if manual is None:
                return None
            auto = given["auto"]
            start = ctx.offsets(auto)[0]
            end = ctx.offsets(auto.value)[1]
            edits.append(Edit(start, end, f"axis_names={manual}"))
        return edits

    def _site(self, call, func, edits: list[Edit] | None, by_name: dict[str, tuple[Edit, ...]]) -> Finding:
        ctx = self.ctx
        message = ("`jax.experimental.shard_map.shard_map` is deprecated since jax 0.8.0: use `jax.shard_map(f, "
                   "mesh=..., in_specs=..., out_specs=..., check_vma=...)`")
        span = ctx.span(call)
        if edits is None:
            if any(arg.keyword is not None and arg.keyword.value == "auto" for arg in call.args) \
                    or len([a for a in call.args[1:] if a.keyword is None]) >= len(jaxapi.EXPERIMENTAL_SHARD_MAP_POSITIONAL):
                message += " (`auto=` needs `axis_names=`, the mesh's axes minus `auto`: rewrite by hand)"
            return Finding(RemovedApi.code, message, span)
        if isinstance(func, cst.Name) and func.value in by_name:
            return Finding(RemovedApi.code, message, span, Fix("use jax.shard_map", by_name[func.value]))
        if isinstance(func, cst.Name) and self.kept.get(func.value) is None:
            return Finding(RemovedApi.code, message, span)
        jax_name, import_edits = jax_module(ctx)
        edits = [*edits, ctx.replace(func, f"{jax_name}.shard_map"), *import_edits]
        if call is self.last_attribute_site and self.module_import_edit is not None:
            edits.append(self.module_import_edit)
        return Finding(RemovedApi.code, message, span, Fix("use jax.shard_map", tuple(edits)))
