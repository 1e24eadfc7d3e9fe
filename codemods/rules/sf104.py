"""SF104: `top_level_all_gather` whose out spec JAX rejects.

`top_level_all_gather(x, out)` promises a result equal to `x`. Per array dimension whose spec
changes from the input's axes `i` to the out spec's `o`, JAX (0.10.2, and HEAD) requires `o` to be
None or a prefix of `i`, all-gathers the axes `i[-len(o):]` (all of `i` when `o` is None) to
*reduced*, and then checks the result against `out` — so `out` must list those axes in
`reduced={...}`. That is only right when `i` is exactly twice as long as `o` (or `o` is None):
for `i = ('a', 'b', 'c')`, `o = ('a',)` JAX gathers `'c'` alone and fails whatever `reduced=` says.

Findings (each only when the input's sharding is shown by the code):
- the out spec is not a prefix, or a prefix JAX gathers wrongly: rewrite to
  `jax.reshard(top_level_all_gather(x, P(..., None, ..., reduced={<all axes of that dimension>})), out)`;
- a valid out spec that does not list the gathered axes in `reduced=`: add them to the gather
  and `jax.reshard` its result to the out spec as written (so it is not left typed reduced);
- a call in a module that never sets a context mesh, or reaches only outside one (mesh_reach.py;
  JAX checks the mesh first, so whatever the input), or after the block of a function that sets its
  own mesh (mesh_owner.py): not fixed. Under `if FLAG:` of a module flag bound once to False: none."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import partial

from codemods import jaxapi
from codemods.analysis.call_sites import asked
from codemods.analysis.context_mesh import reach_path, runs_meshless, under_false_flag
from codemods.analysis.cst_children import in_source_order
from codemods.analysis.gather_aliases import gather_partial, gather_table, makes_gather_partials, names_gather, partial_arguments
from codemods.analysis.input_shardings import input_sharding
from codemods.analysis.loop_keys import loop_keys
from codemods.analysis.mesh_owner import owned_mesh_path
from codemods.analysis.mesh_reach import IN_PLACE_CALLERS, auto_mesh_path
from codemods.analysis.spec_builders import built_spec
from codemods.analysis.spec_sources import Env, follow_spec
from codemods.analysis.spec_symbols import every_value, reads_here, symbols_of
from codemods.analysis.symbol_values import SymbolAxis
from codemods.analysis.specs import Axes, SpecLiteral, call_argument, keyword_argument, parse_sharding
from codemods.analysis.local_names import parents
from codemods.context import FileContext
from codemods.rules._script_gathers import extra_message
from codemods.rules._gathers import DimGather, axis_list, dim_problem, gathered_dims, missing_reduced, required_reduced, unsharded_message, verdict
from codemods.lazy import lazy_module
from codemods.model import Edit, Finding, Fix, Safety
from codemods.rules._gather_callers import caller_findings, keyed_findings
from codemods.rules._mapped_gathers import lambda_findings, mapped_findings
from codemods.rules._script_gathers import script_findings
from codemods.rules._sf104_doc import DOC, MESH_ERROR, MULTI_DIM_ERROR, PREFIX_ERROR, REPLICATION_ERROR, UNSHARDED_ERROR
from codemods.rules.base import Rule
from codemods.spelling import jax_module, quote_of

cst = lazy_module("libcst")


# --------------------------------------------------------------------------- the rule

class TopLevelAllGatherPrefix(Rule):
    code = "SF104"
    name = "all-gather-out-spec-not-prefix"
    summary = "top_level_all_gather whose out spec is not a prefix of the input's, or lacks reduced={...}"
    triggers = tuple(sorted({name.rsplit(".", 1)[-1].encode() for name in jaxapi.TOP_LEVEL_ALL_GATHER}))
    apis = frozenset(jaxapi.TOP_LEVEL_ALL_GATHER)  # (seeds the sparse text only: engine._words)
    doc = DOC

    @classmethod
    def may_fire(cls, referenced: set[str]) -> bool:
        # The script run reaches the gather through names the module's bindings do not show
        # (`getattr(module, text)`, `importlib.import_module(text)`): the words are its one gate.
        return True

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        lines = set()
        for finding in self._read_findings(ctx):
            lines.add(finding.span.line)
            yield finding
        yield from script_findings(ctx, self.code, lines)  # what running the script shows (entry_run.py)

    def _read_findings(self, ctx: FileContext) -> Iterator[Finding]:
        names = set(jaxapi.TOP_LEVEL_ALL_GATHER)
        # A cheap look at the callee's last name first: the real name, or an alias bound to it.
        tails = {name.rsplit(".", 1)[-1] for name in names}
        tails.update(local for local, bound in ctx.imports.bindings.items() if bound in names)
        matched, mapped = [], set()
        partials = makes_gather_partials(ctx, _calls(ctx), names)
        for call in _calls(ctx):
            func = call.func
            tail = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", None)
            if tail in tails and ctx.imports.resolve(func) in names:
                matched.append(call)
            elif partials and (gather_partial(ctx, func, names) is not None or gather_table(ctx, func, names)):
                matched.append(call)  # `export = partial(top_level_all_gather, out_sharding=S)`, then `export(x)`
            elif call.args and names_gather(ctx, call.args[0].value, tails, names) \
                    and ctx.imports.resolve(func) in IN_PLACE_CALLERS:
                matched.append(call)  # `jax.tree.map(top_level_all_gather, tree, specs)`
                mapped.add(id(call))
        ordered = in_source_order(matched, parents(ctx))
        for call in ordered if ordered is not None else _calls_in_source_order(ctx, matched):
            if id(call) not in mapped:
                yield from _site_findings(ctx, call)
            elif (path := reach_path(ctx, call)) is not None:
                yield _Site(ctx, call)._no_mesh(path)
            else:  # each leaf's gather (_mapped_gathers.py)
                yield from mapped_findings(ctx, call, _Site)


def _site_findings(ctx: FileContext, call: cst.Call) -> list[Finding]:
    """The call's findings, and the context mesh it certainly runs without (JAX checks that
    before its input, so whatever the input is)."""
    if under_false_flag(ctx, call):
        return []
    if (path := reach_path(ctx, call)) is not None:
        return [_Site(ctx, call)._no_mesh(path)]  # what the input is never matters then
    if (auto := reach_path(ctx, call, auto_mesh_path)) is not None:
        return [_Site(ctx, call)._no_mesh(*auto)]
    if (owned := reach_path(ctx, call, owned_mesh_path)) is not None:
        return [_Site(ctx, call)._no_mesh(owned[0], owner=owned[1])]
    return _spec_findings(ctx, call)


def _spec_findings(ctx: FileContext, call: cst.Call) -> list[Finding]:
    """The call's findings from its input's sharding; looked for again on the whole file when the
    sparse text left out callers the analysis wanted (the same call there is the one at the same offsets)."""
    wanted = asked(ctx)
    wanted.clear()
    found = list(_Site(ctx, call).findings())
    if found:
        return found
    if wanted:
        same = _same_call(ctx, call)
        found = list(_Site(ctx.whole_file(), same).findings()) if same is not None else []
    if not found and (same := _same_call(ctx, call)) is not None:
        found = caller_findings(ctx.whole_file(), same, _Site)
    if not found and (same := _same_call(ctx, call)) is not None:
        found = list(lambda_findings(ctx.whole_file(), same, _Site))  # `jax.tree.map(lambda a: gather(a, S), tree)`
    if found or not loop_keys(ctx, call) and (ctx.whole_file() is ctx or not _in_loop(ctx, call)):
        return found
    same = _same_call(ctx, call)  # which keys the loop gives may be read from its callers
    return keyed_findings(ctx.whole_file(), same, _Site) if same is not None else []


def _in_loop(ctx: FileContext, call: cst.Call) -> bool:
    """Whether a `for` or comprehension of its function holds the call (the sparse text may
    leave out the code that shows the keys it walks)."""
    node = parents(ctx).get(call)
    while node is not None and not isinstance(node, (cst.FunctionDef, cst.Module)):
        if isinstance(node, (cst.For, cst.DictComp, cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            return True
        node = parents(ctx).get(node)
    return False


def _same_call(ctx: FileContext, call: cst.Call) -> cst.Call | None:
    """The call at the same offsets in the whole file's LibCST tree."""
    whole = ctx.whole_file()
    return _calls_by_offsets(whole).get(ctx.offsets(call))


def _calls_by_offsets(ctx: FileContext) -> dict:
    """The module's calls by their offsets, the first of `_calls` for offsets two calls share
    (made once: each call asked found its own by a scan of them all)."""
    def index() -> dict:
        found: dict = {}
        for node in _calls(ctx):
            found.setdefault(ctx.offsets(node), node)
        return found
    return ctx.cached("sf104.calls-by-offsets", index)


def _axes_literal(axes: Axes, quote: str) -> str:
    """One dimension written out: None, 'a' or ('a', 'b')."""
    if not axes:
        return "None"
    names = [_spelled(axis, quote) for axis in axes]
    return names[0] if len(names) == 1 else f"({', '.join(names)})"


def _spelled(axis: str, quote: str) -> str:
    """An axis name as source text: a literal, or a symbol's expression (spec_symbols.py)."""
    return axis.text if type(axis) is SymbolAxis else f"{quote}{axis}{quote}"


def _set_text(axes: Axes, quote: str) -> str:
    return "{" + ", ".join(_spelled(axis, quote) for axis in axes) + "}"


def _calls(ctx: FileContext) -> list[cst.Call]:
    """Every call in the module, from the one walk that finds parents (not in source order)."""
    return ctx.cached("sf104.calls", lambda: [node for node in parents(ctx) if isinstance(node, cst.Call)])


def _calls_in_source_order(ctx: FileContext, calls: list[cst.Call]) -> list[cst.Call]:
    """`calls` in source order, by LibCST's own (slow) walk of the whole module."""
    wanted = {id(call) for call in calls}
    found, pending = [], [ctx.module]
    while pending:
        node = pending.pop()
        if id(node) in wanted:
            found.append(node)
        pending.extend(reversed(node.children))
    return found


# --------------------------------------------------------------------------- one call

class _Site:
    def __init__(self, ctx: FileContext, call: cst.Call, env: Env | None = None) -> None:
        self.ctx = ctx
        self.call = call
        self.bound = None  # the `partial(top_level_all_gather, ...)` the call's name is bound to
        self.env = env  # binds a loop variable to one key (_keyed_findings)

    def findings(self) -> Iterator[Finding]:
        ctx, call = self.ctx, self.call
        x, out_expr = self._arguments()
        if x is None or out_expr is None:
            return
        source = input_sharding(ctx, x, 0, self.env)
        if source is None:
            return
        out = parse_sharding(ctx, out_expr) if self.env is None else None
        # Read through tables, classes or parameters, the literal's own text may not mean the
        # same at the call: a fix then writes the axes by value.
        self.by_value = out is None
        if out is None:
            out = parse_sharding(ctx, out_expr, partial(follow_spec, ctx, env=self.env),
                                 partial(built_spec, ctx, env=self.env))
        if out is None:
            return
        in_spec, out_spec = source.spec.spec, out.spec.spec
        said = verdict(in_spec, out_spec, self._multi_dim())
        self.symbols = symbols_of(in_spec, out_spec)
        self.fix_symbols = True
        if self.symbols:  # axis names read as symbols: the verdict must hold for each value they may have
            holds, self.fix_symbols = every_value(in_spec, out_spec, partial(verdict, multi_dim=self._multi_dim()))
            self.fix_symbols = self.fix_symbols and all(reads_here(ctx, axis, call) for axis in self.symbols)
            if not holds:
                return
        if said is None:
            return
        if said[0] == "unsharded":
            self.x, self.source, self.out = x, source, out
            if runs_meshless(ctx):
                yield self._no_mesh()
            message = unsharded_message(said[1], out_spec, in_spec, UNSHARDED_ERROR, self._simple_fix_text())
            found = Finding(TopLevelAllGatherPrefix.code, message, ctx.span(call), self._reshard_fix(), self._evidence())
            yield found if self.bound is None else replace(found, fix=None)
            return
        dims = gathered_dims(in_spec, out_spec)
        self.first_only = said[0] == "rewrite" and said[1]
        self.x, self.source, self.out, self.dims = x, source, out, dims
        if runs_meshless(ctx):
            yield self._no_mesh()
        bad = [d for d in dims if d.bad]
        found = None
        if self.first_only:
            found = self._rewrite(dims[:1])
        elif said[0] == "multi":
            found = self._multi()
        elif bad:
            found = self._rewrite(bad)
        elif said[0] == "reduced":
            found = self._add_reduced()
        elif said[0] == "extra":  # (no fix: which axes were meant is not known)
            found = Finding(TopLevelAllGatherPrefix.code, extra_message(self.out.spec.spec, said[1], self._simple_fix_text()),
                            ctx.span(call), None, self._evidence())
        if found is not None:
            # through a `partial` alias the out spec is written where the alias is made: not rewritten here
            yield found if self.bound is None else replace(found, fix=None)

    def _arguments(self) -> tuple:
        """(input, out sharding) the call gives the gather, through a `partial` it is bound to."""
        call = self.call
        bound = gather_partial(self.ctx, call.func, set(jaxapi.TOP_LEVEL_ALL_GATHER), self.env)
        if bound is None and gather_table(self.ctx, call.func, set(jaxapi.TOP_LEVEL_ALL_GATHER)):
            return None, None  # `EXPORTERS[name](x)` of a key not bound yet (the keyed loop binds it)
        self.bound = bound
        return partial_arguments(call, bound) if bound is not None else \
            (call_argument(call, 0, "xs"), call_argument(call, 1, "out_sharding"))

    def _multi_dim(self) -> bool:
        value = keyword_argument(self.call, "multi_dim")
        if self.bound is not None and value is None:
            value = keyword_argument(self.bound, "multi_dim")
        return isinstance(value, cst.Name) and value.value == "True"

    # ---- shared pieces

    def _evidence(self) -> tuple[tuple[str, str], ...]:
        ctx = self.ctx
        found = ((ctx.text(self.x), f"sharded {self.source.spec.spec}"), ("out_sharding", str(self.out.spec.spec)))
        if self.symbols:
            names = ", ".join(axis.text for axis in self.symbols)
            found += (("axis names", f"{names}: read where the code does not say their value; this holds for any"),)
        return found

    def _quote(self) -> str:
        if self.by_value:
            return quote_of(self.ctx, self.call)
        spec = self.out.spec.spec
        if any(spec.partitions) or spec.reduced:
            return quote_of(self.ctx, self.out.spec.call)
        return quote_of(self.ctx, self.source.spec.call)

    def _simple_fix_text(self) -> str:
        jax_name, _ = jax_module(self.ctx)
        return f"`{jax_name}.reshard({self.ctx.text(self.x)}, {self.ctx.text(self.out.expr)})`"

    def _text_with(self, node: cst.CSTNode, edits: list[Edit]) -> str:
        """The source text of `node` with `edits` (absolute offsets inside it) applied."""
        ctx = self.ctx
        start, end = ctx.offsets(node)
        out, last = [], start
        for edit in sorted(edits):
            out.append(ctx.source[last:edit.start])
            out.append(edit.replacement)
            last = edit.end
        out.append(ctx.source[last:end])
        return "".join(out)

    def _sharding_text(self, p_text: str) -> str:
        """The out sharding with its P(...) replaced: the NamedSharding wrapper is kept."""
        out = self.out
        if out.wrapper is None:
            return p_text
        return self._text_with(out.wrapper, [self.ctx.replace(out.spec_expr, p_text)])

    # ---- the findings

    def _no_mesh(self, path: list[str] | None = None, auto: str = "", owner: str = "") -> Finding:
        jax_name, _ = jax_module(self.ctx)
        where = "this module sets none"
        evidence = self._evidence() if path is None else ()
        if path is not None:
            chain = " -> ".join(["module code", *path])
            where = f"this call is reached only outside `with {jax_name}.set_mesh(...)` ({chain})"
            evidence = (*evidence, ("context mesh", f"none on the way: {chain}"))
        if auto:  # reached only under `with jax.set_mesh(m)` of a mesh with Auto axes
            chain = " -> ".join([f"with {jax_name}.set_mesh(...)", *path])
            where = f"the one set on the way is not Explicit: {auto} ({chain})"
            evidence = (("context mesh", f"not Explicit: {chain}"),)
        if owner:  # after the block of a function that builds and sets its own mesh (mesh_owner.py)
            chain = " -> ".join(path)
            where = (f"this call runs after `{owner}`'s own `with {jax_name}.set_mesh(...)` block has closed, "
                     f"on an array placed on the mesh `{owner}` builds ({chain})")
            evidence = (("context mesh", f"closed before the call: {chain}"),)
        message = (f"`top_level_all_gather` needs a context mesh with Explicit axes and {where}: JAX "
                   f"raises \"{MESH_ERROR}\"; " + ("build the mesh with Explicit axes (`axis_types=`, "
                   "the `jax.make_mesh` default)" if auto else f"call it inside `with {jax_name}.set_mesh(mesh):`"))
        return Finding(TopLevelAllGatherPrefix.code, message, self.ctx.span(self.call), None, evidence)

    def _rewrite(self, bad: list[DimGather]) -> Finding:
        ctx, out = self.ctx, self.out
        first = bad[0]
        problem = dim_problem(first, out.spec.spec, self.source.spec.spec, PREFIX_ERROR)
        reduced = required_reduced(self.dims, out.spec.spec.reduced)
        quote = self._quote()
        gather_dims = ", ".join(str(d.dim) for d in bad)
        message = (f"{problem}. Gather dimension {gather_dims} whole (reduced={_set_text(reduced, quote)}) and "
                   f"reshard to the wanted layout; or simply {self._simple_fix_text()}")
        if self.first_only:  # other dimensions change too: one gather would need multi_dim=True
            message = f"{problem}; the layout wanted is simply {self._simple_fix_text()}"
        fix = None
        if ctx.target >= jaxapi.RESHARD_ADDED and self._fixable() and not self.first_only \
                and not self._reduced_not_gathered():
            p_text = self._new_p_text(out.spec, {d.dim for d in bad}, reduced, quote)
            gather = self._text_with(self.call, [ctx.replace(out.expr, self._sharding_text(p_text))])
            jax_name, import_edits = jax_module(ctx)
            replacement = f"{jax_name}.reshard({gather}, {ctx.text(out.expr)})"
            fix = Fix(f"gather dimension {gather_dims} whole, then `{jax_name}.reshard` to {ctx.text(out.expr)}",
                      (ctx.replace(self.call, replacement), *import_edits), Safety.SAFE)
        elif self.first_only:
            fix = self._reshard_fix()
        return Finding(TopLevelAllGatherPrefix.code, message, ctx.span(self.call), fix, self._evidence())

    def _multi(self) -> Finding:
        changed = ", ".join(str(d.dim) for d in self.dims)
        message = (f"out sharding {self.out.spec.spec} changes dimensions {changed} of the input's "
                   f"{self.source.spec.spec}, and one gather changes one dimension unless `multi_dim=True`: JAX "
                   f"raises \"{MULTI_DIM_ERROR}\"; " + ("gather one dimension per call, or pass `multi_dim=True` "
                   "where every changed dimension keeps a prefix of the input's" if self.out.spec.spec.reduced
                   else f"the layout wanted is simply {self._simple_fix_text()}"))
        return Finding(TopLevelAllGatherPrefix.code, message, self.ctx.span(self.call), self._reshard_fix(),
                       self._evidence())

    def _reshard_fix(self) -> Fix | None:
        """`jax.reshard(x, out)` in place of a gather that changes more than one dimension: the
        gather promised x's values in the out layout, which is what reshard gives (not for a
        reduced out spec, which reshard does not make)."""
        ctx, out = self.ctx, self.out
        if ctx.target < jaxapi.RESHARD_ADDED or out.spec.spec.reduced:
            return None
        jax_name, import_edits = jax_module(ctx)
        return Fix(f"`{jax_name}.reshard` to {ctx.text(out.expr)}",
                   (ctx.replace(self.call, self._simple_fix_text().strip("`")), *import_edits), Safety.SAFE)

    def _add_reduced(self) -> Finding:
        ctx, out = self.ctx, self.out
        written = out.spec.spec.reduced
        missing = missing_reduced(self.dims, written)
        stray = self._reduced_not_gathered()
        reduced = required_reduced(self.dims, () if stray else written)
        quote = self._quote()
        literal = _set_text(reduced, quote)
        message = (f"out sharding {out.spec.spec} gathers {axis_list(missing)} without listing "
                   f"{'it' if len(missing) == 1 else 'them'} in `reduced={{...}}`: JAX raises \"{REPLICATION_ERROR}\"; "
                   f"write reduced={literal}{' (no dimension gathers the other axes it lists)' if stray else ''}, "
                   f"or simply {self._simple_fix_text()}")
        if not self._fixable() or self._reduced_not_gathered():
            return Finding(TopLevelAllGatherPrefix.code, message, ctx.span(self.call), None, self._evidence())
        edits = self._reduced_edits(literal)
        if ctx.target >= jaxapi.RESHARD_ADDED:
            # The gathered result is typed reduced on those axes, which later arithmetic with
            # constants rejects; reshard it to the layout the author asked for, as _rewrite does.
            jax_name, import_edits = jax_module(ctx)
            gather = self._text_with(self.call, edits)
            fix = Fix(f"add reduced={literal} to the gather, then `{jax_name}.reshard` to {ctx.text(out.expr)}",
                      (ctx.replace(self.call, f"{jax_name}.reshard({gather}, {ctx.text(out.expr)})"), *import_edits),
                      Safety.SAFE)
        else:
            fix = Fix(f"add reduced={literal} to the out sharding", tuple(edits), Safety.SAFE)
        return Finding(TopLevelAllGatherPrefix.code, message, ctx.span(self.call), fix, self._evidence())

    # ---- rewriting the P(...) literal

    def _reduced_not_gathered(self) -> bool:
        """The out spec lists as reduced an axis no dimension gathers: no gather gives that type
        (JAX rejects it against the result's reduced axes), so no rewrite keeps what was asked."""
        gathered = set(required_reduced(self.dims, ()))
        return any(axis not in gathered for axis in self.out.spec.spec.reduced)

    def _fixable(self) -> bool:
        """A spec read by value is rewritten only when nothing else of it is copied (a wrapper)."""
        return self.fix_symbols and (not self.by_value or self.out.wrapper is None)

    def _new_p_text(self, literal: SpecLiteral, bad: set[int], reduced: Axes, quote: str) -> str:
        """`P(<dims, bad ones as None>, <other keywords>, reduced={...})` with the literal's own callee."""
        ctx = self.ctx
        if self.by_value:
            dims = ["None" if index in bad else _axes_literal(axes, quote)
                    for index, axes in enumerate(literal.spec.partitions)]
            return f"{ctx.text(literal.call.func)}({', '.join([*dims, f'reduced={_set_text(reduced, quote)}'])})"
        parts = ["None" if index in bad else ctx.text(arg.value) for index, arg in enumerate(literal.dims)]
        parts.extend(ctx.text(arg) for arg in literal.call.args
                     if arg.keyword is not None and arg.keyword.value != "reduced")
        parts.append(f"reduced={_set_text(reduced, quote)}")
        return f"{ctx.text(literal.call.func)}({', '.join(parts)})"

    def _p_edits(self, literal_text: str) -> list[Edit]:
        """Edits of the P(...) call itself that write `reduced=<literal_text>`."""
        ctx, literal = self.ctx, self.out.spec
        if literal.reduced_arg is not None:
            return [ctx.replace(literal.reduced_arg.value, literal_text)]
        if literal.call.args:
            end = ctx.offsets(literal.call.args[-1])[1]
            return [Edit(end, end, f", reduced={literal_text}")]
        end = ctx.offsets(literal.call)[1] - 1  # just inside the closing parenthesis
        return [Edit(end, end, f"reduced={literal_text}")]

    def _reduced_edits(self, literal_text: str) -> list[Edit]:
        ctx, out = self.ctx, self.out
        if self.by_value:
            quote = self._quote()
            dims = [_axes_literal(axes, quote) for axes in out.spec.spec.partitions]
            return [ctx.replace(out.expr, f"{ctx.text(out.spec.call.func)}({', '.join([*dims, f'reduced={literal_text}'])})")]
        p_edits = self._p_edits(literal_text)
        if out.inline:
            return p_edits
        # The spec comes through a local name: the gather gets its own copy, other uses keep theirs.
        p_text = self._text_with(out.spec.call, p_edits)
        if out.wrapper is not None and out.wrapper_inline:
            return [ctx.replace(out.spec_expr, p_text)]
        return [ctx.replace(out.expr, self._sharding_text(p_text))]
