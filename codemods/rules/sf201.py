"""SF201: removed and private JAX APIs, migrated to the spelling the target JAX offers.

Found on Python's `ast` and fixed by text edits at its positions: one walk of the module, and
work per site proportional to the call it rewrites (LibCST is not parsed).
"""
from __future__ import annotations

import ast
from dataclasses import field
from codemods.dataclass_code import dataclass
from itertools import compress
from operator import attrgetter
from typing import Iterator

from codemods import jaxapi
from codemods.analysis.bindings import ast_dotted
from codemods.analysis.nodes import names_by_id, nodes_of_type
from codemods.analysis.references import referenced_names
from codemods.calls import Argument, arguments
from codemods.context import FileContext
from codemods.imports import ImportManager
from codemods.model import Edit, Finding, Fix, RuleDoc, Safety
from codemods.rules._manual_axes import axis_names_text
from codemods.rules.base import Rule
from codemods.spelling import jax_module, lax_function, quote_of


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
                   "right and is left alone. Code written for jax < 0.6.0 (`--from-jax`) gets `check_vma=False`: "
                   "there a gradient taken inside a check_rep=True body was not summed over the axes, as "
                   "check_vma=True sums it. With the JAX unknown, in a module that takes gradients, the "
                   "shard_map rewrite is unsafe.",
        versions="pcast: jax >= 0.8.2; all_gather(to='invarying'): jax >= 0.10.0; jax.shard_map: jax >= 0.6.1.",
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        yield from _Migrations(ctx).findings()
        yield from _ShardMapMigration(ctx).findings()


@dataclass
class _Nodes:
    """What SF201 reads of a module, from one walk outside import statements, in source order."""

    # In walk order: decorators are children after the body in `ast`, so a reader sorts what it
    # keeps of these by position (`_in_text_order`), as written.
    calls: list[ast.Call] = field(default_factory=list)
    attributes: list[ast.Attribute] = field(default_factory=list)
    names: dict[str, list[ast.Name]] = field(default_factory=dict)
    # Other bindings of a bare name (def, class, parameter, global, except ... as, match): a name
    # bound there is not only an import's.
    rebound: set[str] = field(default_factory=set)


def _nodes(ctx: FileContext) -> _Nodes:
    def compute() -> _Nodes:
        found = _Nodes()
        # The module's shared node list, in the order of a walk: import statements hold only
        # aliases, none of the nodes read here, so walking into them changes nothing.
        calls, attributes, rebound = found.calls, found.attributes, found.rebound
        # From the module's index of nodes by type (each type in walk order).
        tree = ctx.tree
        found.names = names_by_id(tree)  # the module's shared index: read, never changed here
        calls += nodes_of_type(tree, ast.Call)
        attributes += nodes_of_type(tree, ast.Attribute)
        for kind in _DEFINITIONS:
            rebound.update(node.name for node in nodes_of_type(tree, kind))
        rebound.update(node.arg for node in nodes_of_type(tree, ast.arg))
        for kind in (ast.Global, ast.Nonlocal):
            for node in nodes_of_type(tree, kind):
                rebound.update(node.names)
        for kind in _NAMED_CAPTURES:
            rebound.update(node.name for node in nodes_of_type(tree, kind) if node.name)
        return found
    return ctx.cached("sf201:nodes", compute)


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_NAMED_CAPTURES = (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)


# (line, column) of a node, read in C.
_position = attrgetter("lineno", "col_offset")
_attr = attrgetter("attr")


def _resolving_calls(ctx: FileContext, nodes: _Nodes, tails: frozenset[str]) -> list[ast.Call]:
    """The calls (in walk order) whose callee may resolve to a name ending in one of `tails`:
    `f(...)` with `f` bound to an import, `a.b.f(...)` with `f` in `tails`. (A callee of another
    shape, or a name no import binds, resolves to nothing: ImportTable.resolve.)"""
    bound = ctx.imports.bindings
    name, attribute = ast.Name, ast.Attribute
    return [node for node in nodes.calls if type(node.func) is name and bound.get(node.func.id) is not None
            or type(node.func) is attribute and node.func.attr in tails]


def _in_text_order(nodes: list[ast.AST]) -> list[ast.AST]:
    """`nodes` (in walk order) in the order they are written: a stable sort, so the nodes kept
    of a list come in the order the whole list sorted would give them."""
    nodes.sort(key=_position)
    return nodes


def _append_keyword(ctx: FileContext, call: ast.Call, args: list[Argument], keyword: str, value: str,
                    quote: str) -> Edit:
    text = f"{keyword}={quote}{value}{quote}"
    if not args:
        at = ctx.offsets(call)[1] - 1  # just inside the closing parenthesis
        return Edit(at, at, text)
    return Edit(args[-1].end, args[-1].end, f", {text}")


def _attr_edit(ctx: FileContext, node: ast.Attribute, new: str) -> Edit:
    """`new` in place of the last part of `a.b.old`."""
    end = ctx.offsets(node)[1]
    return Edit(end - len(node.attr), end, new)


def _tails(names: frozenset[str]) -> frozenset[str]:
    """The last parts of every dotted spelling that resolves to one of `names`."""
    return frozenset(name.rpartition(".")[2] for name in jaxapi.spellings(names))


class _Migrations:
    """Calls of the functions in jaxapi.MIGRATIONS."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx
        self.by_name = {old: m for m in jaxapi.MIGRATIONS for old in m.old}
        self.args: dict[int, list[Argument] | None] = {}

    def _arguments(self, call: ast.Call) -> list[Argument] | None:
        if id(call) not in self.args:
            self.args[id(call)] = arguments(self.ctx, call)
        return self.args[id(call)]

    def findings(self) -> Iterator[Finding]:
        ctx = self.ctx
        nodes = _nodes(ctx)
        sites: list[tuple[ast.Call, jaxapi.Migration]] = []
        other_refs: list[tuple[ast.expr, jaxapi.Migration]] = []
        called: set[int] = set()
        # What a node resolves to is a name the module reaches (references.py): with none of
        # the old names among those, no node is looked at.
        reached = not referenced_names(ctx.tree).isdisjoint(self.by_name)
        # A chain `a.b.c` resolves to a name ending in `.c` or to what an alias of that name
        # stands for (jaxapi.spellings lists those): a chain with another last part is no site.
        tails = _tails(frozenset(self.by_name))
        for node in _in_text_order(_resolving_calls(ctx, nodes, tails) if reached else []):
            func = node.func
            migration = self.by_name.get(ctx.imports.resolve(func) or "")
            if migration:
                sites.append((node, migration))
                called.add(id(func))
        # (the attributes named one of `tails` chosen in C: a comprehension ran bytecode for each)
        attributes = nodes.attributes
        for node in _in_text_order(list(compress(attributes, map(tails.__contains__, map(_attr, attributes))))
                                   if reached else []):
            if id(node) in called:
                continue
            migration = self.by_name.get(ctx.imports.resolve(node) or "")
            if migration:
                other_refs.append((node, migration))
        uses = nodes.names
        manager = ImportManager(ctx, RemovedApi.code)
        direct = {}  # local name -> (import data, migration) for names imported directly
        for local, bound in ctx.imports.bindings.items():
            migration = self.by_name.get(bound or "")
            found = manager.alias(local) if migration else None
            if found:
                direct[local] = (found, migration)

        by_local: dict[str, list[ast.Call]] = {}
        for call, _ in sites:
            if isinstance(call.func, ast.Name):
                by_local.setdefault(call.func.id, []).append(call)
        # A directly imported old name is renamed (or dropped) in its import only when every use
        # is a call rewritten in the same fix and nothing else needs the binding.
        self.kept = {local: manager.keeps(local, uses.get(local, [])) for local in direct}
        self.removable = {local for local in direct if self.kept[local] is None and local not in nodes.rebound
                          and len(uses.get(local, [])) == len(by_local.get(local, []))
                          and all(self._rewritable(call, direct[local][1]) for call in by_local.get(local, []))}
        site_funcs = {id(call.func) for call, _ in sites}
        for local, (_, migration) in direct.items():
            for name in uses.get(local, []) if local not in self.removable else []:
                if id(name) not in site_funcs:
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
            if local in self.shared:  # the import line changes with its calls: reported with them
                yield Finding(RemovedApi.code, f"{migration.history}; import of `{local}`, rewritten with its calls",
                              ctx.span(found[1]), Fix(f"use `{migration.new}` here and at each call", self.shared[local]))
                continue
            if local in by_local or ctx.target < migration.since:
                continue
            fix = None
            message = f"{migration.history}; import of `{local}`"
            if self.kept[local] is not None:
                message += f" (kept: {self.kept[local]})"
            elif not uses.get(local) and local not in nodes.rebound:
                fix = Fix(f"remove the unused import of `{local}`", (manager.remove(found),))
            yield Finding(RemovedApi.code, message, ctx.span(found[1]), fix)

    def _rewritable(self, call: ast.Call, migration: jaxapi.Migration) -> bool:
        keyword = migration.keyword[0]
        return self._arguments(call) is not None and not any(
            arg.star or arg.keyword == keyword for arg in self._arguments(call))

    def _own_edits(self, call: ast.Call, migration: jaxapi.Migration, spelled: str | None) -> list[Edit]:
        """The new keyword, and the callee respelled when `spelled` is given."""
        ctx = self.ctx
        keyword, state = migration.keyword
        edits = [_append_keyword(ctx, call, self._arguments(call), keyword, state, quote_of(ctx, call))]
        if spelled is not None:
            edits.append(ctx.replace(call.func, spelled))
        return edits

    def _shared_fix(self, local: str, calls: list[ast.Call], direct_entry, manager: ImportManager) -> tuple[Edit, ...]:
        """Every call of a directly imported old name, and its import: one fix, applied whole."""
        ctx = self.ctx
        found, migration = direct_entry
        _, alias, module = found
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

    def _call_finding(self, call: ast.Call, migration: jaxapi.Migration) -> Finding:
        ctx = self.ctx
        keyword, state = migration.keyword
        message = f"{migration.history}: use `{migration.new}(..., {keyword}='{state}')`"
        if not self._rewritable(call, migration):
            return Finding(RemovedApi.code, message, ctx.span(call))
        quote = quote_of(ctx, call)
        description = f"use `{migration.new}(..., {keyword}={quote}{state}{quote})`"
        func = call.func
        if isinstance(func, ast.Name) and func.id in self.shared:
            return Finding(RemovedApi.code, message, ctx.span(call), Fix(description, self.shared[func.id]))
        if isinstance(func, ast.Attribute) and ctx.imports.resolve(func.value) == "jax.lax":
            edits = self._own_edits(call, migration, None) + [_attr_edit(ctx, func, migration.new)]
        else:
            spelled, import_edits = lax_function(ctx, migration.new)
            edits = self._own_edits(call, migration, spelled) + import_edits
        return Finding(RemovedApi.code, message, ctx.span(call), Fix(description, tuple(edits)))


class _ShardMapMigration:
    """`jax.experimental.shard_map.shard_map` calls and partials -> `jax.shard_map`."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx

    def _is_old(self, expr: ast.expr) -> bool:
        return self.ctx.imports.resolve(expr) == jaxapi.EXPERIMENTAL_SHARD_MAP

    def findings(self) -> Iterator[Finding]:
        ctx = self.ctx
        if ctx.target < jaxapi.JAX_SHARD_MAP_ADDED:
            return
        nodes = _nodes(ctx)
        sites: list[tuple[ast.Call, ast.expr, list[Argument] | None]] = []
        reached = jaxapi.EXPERIMENTAL_SHARD_MAP in referenced_names(ctx.tree)  # as in _Migrations
        tails = _tails(frozenset({jaxapi.EXPERIMENTAL_SHARD_MAP, jaxapi.PARTIAL}))
        for call in _in_text_order(_resolving_calls(ctx, nodes, tails) if reached else []):  # (see _Migrations)
            if self._is_old(call.func):
                args = arguments(ctx, call)
                sites.append((call, call.func, None if args is None else args[1:]))
            elif ctx.imports.resolve(call.func) == "functools.partial" and call.args \
                    and not isinstance(call.args[0], ast.Starred) and self._is_old(call.args[0]):
                # partial(shard_map, mesh=..., ...): the decorated function comes first later.
                args = arguments(ctx, call)
                if args is None or args[0].node is not call.args[0]:
                    params = None
                else:
                    params = args[1:] if all(a.keyword is not None for a in args[1:]) else None
                sites.append((call, call.args[0], params))
        uses = nodes.names
        manager = ImportManager(ctx, RemovedApi.code)
        imported = {local: manager.alias(local) for local, bound in ctx.imports.bindings.items()
                    if bound == jaxapi.EXPERIMENTAL_SHARD_MAP}
        # A binding others rely on keeps meaning the old function: its calls are respelled.
        self.kept = {local: manager.keeps(local, uses.get(local, [])) for local in imported}
        site_funcs = {id(func) for _, func, _ in sites}
        transposes = any(name in jaxapi.TRANSPOSING_TRANSFORMS for name in uses) \
            or any(a.attr in jaxapi.TRANSPOSING_TRANSFORMS for a in nodes.attributes)
        self.unsafe: set[int] = set()
        # Each site's own edits (None: not rewritable), before anything touches an import.
        own = {id(call): self._call_edits(call, params, transposes) for call, _, params in sites}
        fixable_names = {local for local, found in imported.items()
                         if found and self._import_fix(found) is not None and self.kept[local] is None
                         and local not in nodes.rebound
                         and all(id(n) in site_funcs for n in uses.get(local, []))
                         and all(own[id(call)] is not None for call, func, _ in sites
                                 if isinstance(func, ast.Name) and func.id == local)}
        # Calls of an imported name change meaning together with its import: one fix holds the
        # edits of every call of that name and the import's, so none is applied without the rest.
        by_name: dict[str, tuple[Edit, ...]] = {}
        for local in fixable_names:
            edits = [e for call, func, _ in sites if isinstance(func, ast.Name) and func.id == local
                     for e in own[id(call)]]
            by_name[local] = tuple(edits) + self._import_fix(imported[local]).edits
            if any(id(call) in self.unsafe for call, func, _ in sites if isinstance(func, ast.Name) and func.id == local):
                self.unsafe.update(id(call) for call, func, _ in sites if isinstance(func, ast.Name) and func.id == local)
        attribute_sites = [call for call, func, _ in sites if isinstance(func, ast.Attribute) and own[id(call)] is not None]
        self.last_attribute_site = attribute_sites[-1] if attribute_sites else None
        self.module_import_edit = self._module_import_cleanup(attribute_sites)
        for call, func, _ in sites:
            yield self._site(call, func, own[id(call)], by_name)
        for local, found in imported.items():
            if found and not any(isinstance(func, ast.Name) and func.id == local for _, func, _ in sites):
                alias = found[1]
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
        imports = [stmt for stmt in ctx.imports.top_level_imports if isinstance(stmt, ast.Import)]
        statements = [stmt for stmt in imports if len(stmt.names) == 1 and stmt.names[0].asname is None
                      and stmt.names[0].name == "jax.experimental.shard_map"]
        if len(statements) != 1:
            return None
        references = _in_text_order([n for n in _nodes(ctx).attributes if ast_dotted(n) == "jax.experimental.shard_map"])
        if len(references) != len(sites):
            return None
        other_jax = [stmt for stmt in imports if stmt is not statements[0]
                     and any(a.name == "jax" and a.asname is None for a in stmt.names)]
        if other_jax:
            return manager.remove_statement(statements[0])
        return ctx.replace(statements[0], "import jax")

    def _import_fix(self, found) -> Fix | None:
        stmt, _, module = found
        if module != "jax.experimental.shard_map" or not all(a.name == "shard_map" for a in stmt.names):
            return None
        edit = ImportManager(self.ctx, RemovedApi.code).module_of(stmt)
        if edit is None:
            return None
        return Fix("import shard_map from jax", (Edit(edit.start, edit.end, "jax"),))

    def _call_edits(self, call: ast.Call, params: list[Argument] | None, transposes: bool) -> list[Edit] | None:
        """Arguments rewritten for `jax.shard_map` (keywords, check_vma, axis_names), or None.

        Code written for jax < 0.6.0 gets check_vma=False whatever its check_rep: that keeps the
        gradients its body takes (check_vma=True would sum those of invariant inputs over the
        axes); the replication check it drops only ever raised."""
        ctx = self.ctx
        if params is None or not params:
            return None
        pre_vma = ctx.written_for is not None and ctx.written_for.before(jaxapi.EXPERIMENTAL_SHARD_MAP_VMA)
        edits: list[Edit] = []
        positional = jaxapi.EXPERIMENTAL_SHARD_MAP_POSITIONAL
        given: dict[str, Argument] = {}
        index = 0
        for arg in params:
            if arg.star:
                return None
            name = arg.keyword
            if name is None:
                if index >= len(positional):
                    return None
                name = positional[index]
                index += 1
                if name != "auto" and not (name == "check_rep" and pre_vma):  # pre_vma: replaced below
                    edits.append(Edit(arg.start, arg.start, f"{jaxapi.SHARD_MAP_RENAMED_KEYWORDS.get(name, name)}="))
            elif name in jaxapi.SHARD_MAP_RENAMED_KEYWORDS and not pre_vma:
                edits.append(Edit(arg.start, arg.start + len(name), jaxapi.SHARD_MAP_RENAMED_KEYWORDS[name]))
            given[name] = arg
        if "auto" in given:
            if "mesh" not in given:
                return None
            manual = axis_names_text(ctx, call, given["mesh"].value, given["auto"].value, quote_of(ctx, call))
            if manual is None:
                return None
            auto = given["auto"]
            edits.append(Edit(auto.start, auto.end, f"axis_names={manual}"))
        check = given.get("check_rep")
        if pre_vma:
            if check is None:
                edits.append(Edit(params[-1].end, params[-1].end, ", check_vma=False"))
            elif isinstance(check.value, (ast.Constant, ast.Name, ast.Attribute)):  # dropping it runs nothing
                edits.append(Edit(check.start, check.end, "check_vma=False"))
            else:
                return None
        elif ctx.written_for is None and transposes \
                and not (check is not None and isinstance(check.value, ast.Constant) and check.value.value is False):
            self.unsafe.add(id(call))
        return edits

    def _site(self, call, func, edits: list[Edit] | None, by_name: dict[str, tuple[Edit, ...]]) -> Finding:
        ctx = self.ctx
        message = ("`jax.experimental.shard_map.shard_map` is deprecated since jax 0.8.0: use `jax.shard_map(f, "
                   "mesh=..., in_specs=..., out_specs=..., check_vma=...)`")
        span = ctx.span(call)
        if edits is None:
            if any(k.arg == "auto" for k in call.keywords) \
                    or len([a for a in call.args[1:] if not isinstance(a, ast.Starred)]) >= len(jaxapi.EXPERIMENTAL_SHARD_MAP_POSITIONAL):
                message += " (`auto=` needs `axis_names=`, the mesh's axes minus `auto`: rewrite by hand)"
            return Finding(RemovedApi.code, message, span)
        safety = Safety.SAFE
        if id(call) in self.unsafe:
            safety = Safety.UNSAFE
            message += (" (unsafe: the module takes gradients, and before jax 0.6.0 one taken inside a "
                        "check_rep=True body was not summed over the axes as check_vma=True sums it; "
                        "`--from-jax` says which applies)")
        if isinstance(func, ast.Name) and func.id in by_name:
            return Finding(RemovedApi.code, message, span, Fix("use jax.shard_map", by_name[func.id], safety))
        if isinstance(func, ast.Name) and self.kept.get(func.id) is None:
            return Finding(RemovedApi.code, message, span)
        jax_name, import_edits = jax_module(ctx)
        edits = [*edits, ctx.replace(func, f"{jax_name}.shard_map"), *import_edits]
        if call is self.last_attribute_site and self.module_import_edit is not None:
            edits.append(self.module_import_edit)
        return Finding(RemovedApi.code, message, span, Fix("use jax.shard_map", tuple(edits), safety))
