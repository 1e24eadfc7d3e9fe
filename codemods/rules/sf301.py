"""SF301: `jax.pmap` -> `jax.jit(jax.shard_map(jax.vmap(f), ...))` over a 1-D mesh.

The translation (checked on jax 0.10.2, 8 CPU devices; see migrations.md, "pmap -> shard_map"):
pmap is itself `jit(shard_map(..., check_vma=False))` over `Mesh(devices, (axis_name,))` with
Auto axes, so the rewrite keeps `check_vma=False` and an Auto mesh (`jax.sharding.Mesh`). Each
device of that mesh gets a block whose mapped axis has size 1, where pmap's function saw the
axis removed; `jax.vmap` with pmap's own `in_axes`/`out_axes` removes it on entry and puts it
back on exit, for every leaf of every pytree, and collectives over the mesh axis still work
under it. `static_broadcasted_argnums` become the jit's `static_argnums` (the static values are
closed over, since shard_map only takes arrays) and `donate_argnums` stay with the jit.
"""
from __future__ import annotations

import ast
from dataclasses import field
from codemods.dataclass_code import dataclass
from typing import Iterator

from codemods import jaxapi
from codemods.context import FileContext
from codemods.model import Edit, Finding, Fix, RuleDoc, Safety
from codemods.pmapspec import Untranslatable, has_none, read_axes, render_axes, render_specs, \
    without_positions
from codemods.rules.base import Rule
from codemods.spelling import add_import_jax, quote_of

PMAP = "jax.pmap"
MESSAGE = "`jax.pmap` is in maintenance mode since jax 0.8.0; JAX asks for `jax.shard_map` instead"
# pmap's keywords the rewrite carries over; the others (backend=, axis_size=) have no place in it.
KNOWN_KEYWORDS = ("axis_name", "in_axes", "out_axes", "static_broadcasted_argnums", "donate_argnums", "devices")
FRESH_AXES = ("batch", "devices", "pmap_axis")
CHECKS = ("check that every mapped argument's leading axis equals the mesh size (jax.device_count(), or "
          "len(devices)): pmap used only the first n devices for a smaller one; that callers pass "
          "arguments positionally; and, on several hosts, that inputs are global arrays (pmap took "
          "per-host ones)")


class PmapToShardMap(Rule):
    code = "SF301"
    name = "pmap-to-shard-map"
    summary = "`jax.pmap` (maintenance mode) migrated to `jax.jit(jax.shard_map(...))`"
    triggers = (b"pmap",)
    apis = frozenset({PMAP})
    doc = RuleDoc(
        what="Finds uses of `jax.pmap` (calls, decorators, `partial(jax.pmap, ...)`, any import alias) and "
             "rewrites them as `jax.jit(jax.shard_map(jax.vmap(f, in_axes, out_axes), mesh=<1-D mesh named "
             "axis_name>, in_specs=..., out_specs=..., check_vma=False))`.",
        why="`jax.pmap` is in maintenance mode since jax 0.8.0 and JAX's documentation says to use "
            "`jax.shard_map`; its helpers `jax.device_put_sharded`/`device_put_replicated` are already gone "
            "(0.10.0). A hand translation has traps that change numbers silently: with `check_vma=True` a "
            "gradient through `psum` comes out 1/n of pmap's; shard_map keeps a size-1 leading axis where "
            "pmap removed it; static arguments cannot pass through shard_map.",
        example="@partial(jax.pmap, axis_name='batch', in_axes=(None, 0), donate_argnums=(1,))\n"
                "def step(params, batch):\n"
                "    return jax.lax.pmean(jax.grad(loss)(params, batch), 'batch')",
        use_instead="@partial(jax.jit, donate_argnums=(1,))\n"
                    "@partial(jax.shard_map, mesh=jax.sharding.Mesh(jax.devices(), ('batch',)), "
                    "in_specs=(P(), P('batch')), out_specs=P('batch'), check_vma=False)\n"
                    "@partial(jax.vmap, in_axes=(None, 0))\n"
                    "def step(params, batch):\n"
                    "    return jax.lax.pmean(jax.grad(loss)(params, batch), 'batch')",
        fix_safety="Unsafe (applied with --unsafe-fixes): the values and gradients are pmap's (each fixture "
                   "is proven by running both programs on 8 CPU devices), but the mesh is built from "
                   "`jax.devices()` (or pmap's `devices=`), so a leading axis smaller than the device count "
                   "now fails instead of using the first devices; a shard_map-wrapped function takes "
                   "positional arguments only; and on several hosts shard_map takes global arrays. Not "
                   "rewritten, with the reason: nested pmap, `axis_index_groups`, `out_axes=None`, axes "
                   "that are not literals (or negative), `backend=`/`axis_size=`, `*args`/`**kwargs` in "
                   "the pmap call, static arguments of a function whose parameters are not plain.",
        versions="jax.shard_map with check_vma=: jax >= 0.6.1 (no fix for older targets).",
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        yield from _Migration(ctx).findings()


@dataclass
class _Site:
    node: ast.expr  # what the finding points at: the pmap call, the partial(...) or the decorator
    kind: str  # "call" | "decorator" (bare or partial) | "other"
    params: ast.Call | None  # where pmap's arguments are written (None for a bare decorator)
    function: ast.FunctionDef | ast.Lambda | None = None  # the mapped function, when it is visible
    fun_text: str = ""  # source of the mapped function in the call form
    bound_name: str | None = None  # the name callers use
    reason: str = ""
    reference: ast.expr | None = None  # the expression naming pmap
    caller_edits: list[Edit] = field(default_factory=list)  # keyword arguments made positional
    keywords: dict[str, ast.expr] = field(default_factory=dict)


class _Migration:
    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx
        self.resolve = ctx.imports.resolve
        self.defs = _functions_by_name(ctx.tree, set(ctx.imports.bindings))

    # ------------------------------------------------------------------ discovery

    def sites(self) -> list[_Site]:
        found: list[_Site] = []
        taken: set[int] = set()
        decorated: dict[int, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        assigned: dict[int, str] = {}
        keyword_calls: dict[int, int] = {}
        for node in ast.walk(self.ctx.tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                decorated.update({id(d): node for d in node.decorator_list})
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                assigned[id(node.value)] = node.targets[0].id
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Call) and node.keywords:
                keyword_calls[id(node.func)] = node.lineno  # jax.pmap(f)(x, y=...)
        for node in ast.walk(self.ctx.tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) or id(node) in taken:
                continue
            if isinstance(node, ast.Call) and self.resolve(node.func) == PMAP:
                taken.add(id(node.func))
                site = _Site(node, "call", node, bound_name=assigned.get(id(node)), reference=node.func)
                if id(node) in keyword_calls:
                    site.kind, site.reason = "other", (
                        f"called with keyword arguments (line {keyword_calls[id(node)]}); a shard_map-wrapped "
                        "function takes positional arguments only")
                if id(node) in decorated:
                    site.kind, site.reason = "other", "pmap called without a function as a decorator"
                found.append(site)
            elif (isinstance(node, ast.Call) and self.resolve(node.func) == jaxapi.PARTIAL and node.args
                  and self.resolve(node.args[0]) == PMAP):
                taken.add(id(node.args[0]))
                function = decorated.get(id(node))
                found.append(self._decorator(node, node, function) if function else
                             _Site(node, "other", node, reason="`partial(jax.pmap, ...)` not used as a decorator"))
                found[-1].reference = node.args[0]
            elif isinstance(node, (ast.Name, ast.Attribute)) and self.resolve(node) == PMAP:
                taken.update(id(n) for n in ast.walk(node))
                function = decorated.get(id(node))
                found.append(self._decorator(node, None, function) if function else
                             _Site(node, "other", None, reason="`jax.pmap` passed on as a value"))
                found[-1].reference = node
        return found

    def _decorator(self, node: ast.expr, params: ast.Call | None, function) -> _Site:
        if isinstance(function, ast.AsyncFunctionDef):
            return _Site(node, "other", params, reason="an async function")
        return _Site(node, "decorator", params, function=function, bound_name=function.name)

    # ------------------------------------------------------------------ findings

    def findings(self) -> Iterator[Finding]:
        sites = self.sites()
        for site in sites:
            if site.kind == "call":
                self._read_call(site)
            elif site.kind == "decorator" and site.params is not None:
                self._read_partial(site)
        # Every mapped function, once all are known: a pmap inside any of them is nested.
        bodies = [site.function for site in sites if site.function is not None]
        fixes: dict[int, Fix] = {}
        for site in sites:
            if not site.reason:
                site.reason = self._body_problem(site, bodies)
            if not site.reason:
                site.reason = self._caller_problem(site)
            if not site.reason:
                try:
                    fixes[id(site)] = self._fix(site)
                except Untranslatable as exc:
                    site.reason = str(exc)
        self._attach_import_removals(sites, fixes)
        for site in sites:
            if site.reason:
                yield Finding(PmapToShardMap.code, f"{MESSAGE}; not rewritten: {site.reason}", self.ctx.span(site.node))
            else:
                yield Finding(PmapToShardMap.code, f"{MESSAGE}; the rewrite keeps pmap's values and gradients, but "
                              f"{CHECKS}", self.ctx.span(site.node), fixes[id(site)])

    def _attach_import_removals(self, sites: list[_Site], fixes: dict[int, Fix]) -> None:
        """`from jax import pmap` goes with the last rewritten use of `pmap`, when every use is
        rewritten (fixes apply in source order, so by then the others are gone too)."""
        references = {id(site.reference): site for site in sites if site.reference is not None}
        for statement in self.ctx.imports.top_level_imports:
            if not isinstance(statement, ast.ImportFrom):
                continue
            for alias in statement.names:
                local = alias.asname or alias.name
                if self.ctx.imports.bindings.get(local) != PMAP:
                    continue
                uses = [node for node in ast.walk(self.ctx.tree) if isinstance(node, ast.Name) and node.id == local]
                owners = [references.get(id(node)) for node in uses]
                if not owners or any(owner is None or id(owner) not in fixes for owner in owners):
                    continue
                last = max(owners, key=lambda owner: (owner.node.lineno, owner.node.col_offset))
                removal = self._remove_alias(statement, alias)
                if removal is not None:
                    fix = fixes[id(last)]
                    fixes[id(last)] = Fix(fix.description, (*fix.edits, removal), fix.safety)

    def _remove_alias(self, statement: ast.ImportFrom, alias: ast.alias) -> Edit | None:
        ctx = self.ctx
        names = statement.names
        if len(names) > 1:
            index = names.index(alias)
            if index + 1 < len(names):
                return Edit(ctx.offsets(alias)[0], ctx.offsets(names[index + 1])[0], "")
            return Edit(ctx.offsets(names[index - 1])[1], ctx.offsets(alias)[1], "")
        start, end = ctx.offsets(statement)
        line_start = ctx.offset(statement.lineno, 0)
        newline = ctx.newline()
        if ctx.source[line_start:start].strip() or not ctx.source.startswith(newline, end):
            return None  # shares its line with other code: left as it is
        return Edit(line_start, end + len(newline), "")

    def _read_call(self, site: _Site) -> None:
        call = site.params
        assert call is not None
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            site.reason = "arguments passed with `*` or `**`"
            return
        if not call.args:
            site.reason = "no function given"
            return
        if len(call.args) > 2:
            site.reason = "more positional arguments than pmap takes"
            return
        fun = call.args[0]
        site.fun_text = self.ctx.text(fun)
        if isinstance(fun, ast.Lambda):
            site.function = fun
        elif isinstance(fun, ast.Name):
            site.function = self.defs.get(fun.id)
        site.keywords = {k.arg: k.value for k in call.keywords if k.arg}
        if len(call.args) == 2:
            site.keywords["axis_name"] = call.args[1]
        self._check_keywords(site)

    def _read_partial(self, site: _Site) -> None:
        call = site.params
        assert call is not None
        if len(call.args) > 1 or any(k.arg is None for k in call.keywords):
            site.reason = "`partial(jax.pmap, ...)` with positional or `**` arguments"
            return
        site.keywords = {k.arg: k.value for k in call.keywords if k.arg}
        self._check_keywords(site)

    def _check_keywords(self, site: _Site) -> None:
        for name in site.keywords:
            if name not in KNOWN_KEYWORDS:
                site.reason = f"`{name}=` has no counterpart in the shard_map rewrite"
                return
        axis = site.keywords.get("axis_name")
        if axis is not None and not (isinstance(axis, (ast.Name, ast.Attribute)) or (
                isinstance(axis, ast.Constant) and isinstance(axis.value, str))):
            site.reason = "`axis_name` is neither a string literal nor a name"

    def _body_problem(self, site: _Site, bodies: list) -> str:
        function = site.function
        for other in bodies:
            if other is not function and _inside(site.node, other):
                return "nested inside another pmapped function (nested pmap has no 1-D mesh translation)"
        if function is None:
            return ""
        walk_from = function.body if isinstance(function, ast.FunctionDef) else [function.body]
        for top in walk_from:
            for node in ast.walk(top):
                if isinstance(node, (ast.Name, ast.Attribute)) and self.resolve(node) == PMAP:
                    return "the mapped function calls pmap itself (nested pmap)"
                if isinstance(node, ast.keyword) and node.arg == "axis_index_groups":
                    return "`axis_index_groups=` inside the mapped function (shard_map has no such groups)"
        return ""

    def _caller_problem(self, site: _Site) -> str:
        """Why callers in this module cannot keep working (a shard_map-wrapped function takes
        positional arguments only); calls whose keywords can be passed positionally are noted in
        `site.caller_edits` instead."""
        name = site.bound_name
        if name is None:
            return ""
        params = _plain_parameters(site.function)
        for node in ast.walk(self.ctx.tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name \
                    and node.keywords:
                edit = self._positional(node, params)
                if edit is None:
                    return (f"`{name}` is called with keyword arguments (line {node.lineno}) that cannot be passed "
                            "positionally here; a shard_map-wrapped function takes positional arguments only")
                site.caller_edits.append(edit)
        return ""

    def _positional(self, call: ast.Call, params: list[str] | None) -> Edit | None:
        """The call's arguments all passed positionally, when its keywords name the parameters
        right after the positional ones, in order (so nothing is evaluated in a new order)."""
        if params is None or any(isinstance(a, ast.Starred) for a in call.args):
            return None
        names = [k.arg for k in call.keywords]
        if None in names or names != params[len(call.args):len(call.args) + len(names)]:
            return None
        arguments = [*call.args, *(k.value for k in call.keywords)]
        start = self.ctx.offsets(call.args[0] if call.args else call.keywords[0])[0]
        end = self.ctx.offsets(call.keywords[-1])[1]
        return Edit(start, end, ", ".join(self.ctx.text(a) for a in arguments))

    # ------------------------------------------------------------------ the rewrite

    def _fix(self, site: _Site) -> Fix | None:
        ctx = self.ctx
        if ctx.target < jaxapi.JAX_SHARD_MAP_ADDED:
            raise Untranslatable(f"the target jax {'.'.join(map(str, ctx.target))} has no `jax.shard_map`")
        kw = site.keywords
        text = ctx.text
        in_axes = read_axes(kw["in_axes"], text, "in_axes") if "in_axes" in kw else 0
        out_axes = read_axes(kw["out_axes"], text, "out_axes") if "out_axes" in kw else 0
        if has_none(out_axes):
            raise Untranslatable("`out_axes=None` returns device 0's value unchecked; say with out_specs=P() "
                                 "only what is the same on every device")
        static = _int_set(kw.get("static_broadcasted_argnums"), text)
        names = _Names(ctx, need_partial=site.kind == "decorator" and not static)
        axis = text(kw["axis_name"]) if "axis_name" in kw else self._fresh_axis(site)
        devices = text(kw["devices"]) if "devices" in kw else f"{names.jax}.devices()"
        mesh = f"{names.mesh}({devices}, ({axis},))"
        params = None
        if static:
            params = _plain_parameters(site.function)
            if params is None or max(static) >= len(params):
                raise Untranslatable("static arguments of a function whose parameters are not all plain "
                                     "positional ones (or not visible here)")
            in_axes = without_positions(in_axes, static, len(params))
            if len(static) == len(params):
                raise Untranslatable("every argument is static")
        shard_kwargs = (f"mesh={mesh}, in_specs={render_specs(in_axes, names.spec, axis)}, "
                        f"out_specs={render_specs(out_axes, names.spec, axis)}, check_vma=False")
        vmap_kwargs = "".join(f", {key}={render_axes(value)}" for key, value in (("in_axes", in_axes), ("out_axes", out_axes))
                              if value != 0)
        jit_kwargs = "".join(f", {key}={text(kw[old])}" for key, old in (
            ("static_argnums", "static_broadcasted_argnums"), ("donate_argnums", "donate_argnums")) if old in kw)
        j = names.jax
        if static:
            assert params is not None
            fun = site.fun_text if site.kind == "call" else _fresh(("f", "fun", "mapped"), params)
            if fun in params:
                raise Untranslatable(f"the function's name `{fun}` is also one of its parameters")
            kept = [p for i, p in enumerate(params) if i not in static]
            expression = (f"{j}.jit(lambda {', '.join(params)}: {j}.shard_map({j}.vmap(lambda {', '.join(kept)}: "
                          f"{fun}({', '.join(params)}){vmap_kwargs}), {shard_kwargs})({', '.join(kept)}){jit_kwargs})")
            replacement = expression if site.kind == "call" else f"lambda {fun}: {expression}"
        elif site.kind == "call":
            replacement = (f"{j}.jit({j}.shard_map({j}.vmap({site.fun_text}{vmap_kwargs}), {shard_kwargs})"
                           f"{jit_kwargs})")
        else:
            p = names.partial
            lines = [f"{p}({j}.jit{jit_kwargs})" if jit_kwargs else f"{j}.jit",
                     f"{p}({j}.shard_map, {shard_kwargs})",
                     f"{p}({j}.vmap{vmap_kwargs})" if vmap_kwargs else f"{j}.vmap"]
            indent = ctx.indent_of_line(site.node.lineno)
            replacement = f"{ctx.newline()}{indent}@".join(lines)
        edits = [ctx.replace(site.node, replacement), *site.caller_edits, *names.import_edits()]
        return Fix("rewrite as jax.jit(jax.shard_map(jax.vmap(f), ..., check_vma=False)); " + CHECKS,
                   tuple(edits), Safety.UNSAFE)

    def _fresh_axis(self, site: _Site) -> str:
        """A mesh axis name for a pmap without one. Only the mapped function could clash with it
        (naming an enclosing axis); when that function is not visible, no string of the module is used."""
        scope = site.function if site.function is not None else self.ctx.tree
        used = {node.value for node in ast.walk(scope)
                if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        quote = quote_of(self.ctx, site.node)
        return f"{quote}{_fresh(FRESH_AXES, used)}{quote}"


class _Names:
    """How the rewrite spells jax, PartitionSpec, Mesh and partial in this module."""

    def __init__(self, ctx: FileContext, need_partial: bool) -> None:
        self.ctx = ctx
        table = ctx.imports
        jax_names = table.names_bound_to("jax")
        self.missing: list[str] = []
        self.jax = jax_names[0] if jax_names else "jax"
        if not jax_names:
            self.missing.append("import jax")
        specs = table.names_bound_to(jaxapi.PARTITION_SPEC)
        self.spec = specs[0] if specs else "P" if _free(ctx, "P") else f"{self.jax}.sharding.PartitionSpec"
        if not specs and self.spec == "P":
            self.missing.append("from jax.sharding import PartitionSpec as P")
        self.mesh = _first(table.names_bound_to("jax.sharding.Mesh"), f"{self.jax}.sharding.Mesh")
        partials = table.names_bound_to(jaxapi.PARTIAL)
        functools = table.names_bound_to("functools")
        self.partial = partials[0] if partials else f"{functools[0]}.partial" if functools else "partial"
        if need_partial and not partials and not functools:
            self.missing.append("from functools import partial")

    def import_edits(self) -> list[Edit]:
        if not self.missing:
            return []
        # One edit for all new import lines: two insertions at one offset would conflict.
        at = add_import_jax(self.ctx)
        newline = self.ctx.newline()
        return [Edit(at.start, at.end, "".join(line + newline for line in self.missing))]


def _free(ctx: FileContext, name: str) -> bool:
    """True when `name` appears nowhere in the module, so a new import may bind it."""
    return name not in ctx.imports.bindings and not any(
        isinstance(node, ast.Name) and node.id == name or isinstance(node, ast.arg) and node.arg == name
        or isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name
        for node in ast.walk(ctx.tree))


def _functions_by_name(tree: ast.Module, module_names: set[str]) -> dict[str, ast.FunctionDef]:
    """Module-level functions, and nested ones whose name is defined only once in the module and
    bound to nothing else at module level (flax's examples define their step functions inside
    `train_and_evaluate`)."""
    nested: dict[str, list[ast.FunctionDef]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            nested.setdefault(node.name, []).append(node)  # type: ignore[arg-type]
    found = {name: defs[0] for name, defs in nested.items()
             if len(defs) == 1 and isinstance(defs[0], ast.FunctionDef) and name not in module_names}
    found.update({stmt.name: stmt for stmt in tree.body if isinstance(stmt, ast.FunctionDef)})
    return found


def _first(found: list[str], default: str) -> str:
    return found[0] if found else default


def _fresh(candidates: tuple[str, ...], used) -> str:
    for name in candidates:
        if name not in used:
            return name
    index = 0
    while f"{candidates[0]}{index}" in used:
        index += 1
    return f"{candidates[0]}{index}"


def _inside(node: ast.AST, function: ast.FunctionDef | ast.Lambda) -> bool:
    body = function.body if isinstance(function, ast.FunctionDef) else [function.body]
    return any(node is inner for top in body for inner in ast.walk(top))


def _int_set(node: ast.expr | None, text) -> set[int]:
    """Literal static argument numbers (an int or a tuple of ints)."""
    if node is None:
        return set()
    items = node.elts if isinstance(node, (ast.Tuple, ast.List)) else [node]
    if all(isinstance(i, ast.Constant) and type(i.value) is int and i.value >= 0 for i in items):
        return {i.value for i in items}  # type: ignore[attr-defined]
    raise Untranslatable(f"`static_broadcasted_argnums={text(node)}` is not a literal of non-negative ints")


def _plain_parameters(function: ast.FunctionDef | ast.Lambda | None) -> list[str] | None:
    """The positional parameter names, when there are only those (no defaults, *args, keywords)."""
    if function is None:
        return None
    args = function.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.defaults:
        return None
    return [a.arg for a in [*args.posonlyargs, *args.args]]
