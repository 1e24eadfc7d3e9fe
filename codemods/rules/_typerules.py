"""What SF101, SF102, SF103 and SF105 share: the one axis-state analysis per file, the cast fix,
the out_specs edit, and the wording of messages and evidence.

_diagnosis.py decides *which* problems exist at the sites the analysis (codemods.analysis)
judged; the analysis says how each cast is placed; the rules only render them.
"""
from __future__ import annotations

import ast
import itertools
import re

from codemods import jaxapi
from codemods.analysis.nodes import call_args
from codemods.analysis.sites import OutSpecNeed
from codemods.analysis.values import AxisState, describe
from codemods.rules._diagnosis import Diagnosis, Kind, Problem, diagnose_module
from codemods.rules.base import Rule
from codemods.context import FileContext
from codemods.model import Edit, Finding, Fix, Safety
from codemods.spelling import axes_literal, axis_literal, lax_function, quote_of

_CACHE_KEY = "axisstate"
_ARG_TEXT_LIMIT = 60


class StateRule(Rule):
    """A rule that renders the shared analysis's problems of its kinds (SF101-SF103, SF105-SF107).

    Its filters are that analysis's own gate and nothing narrower (prefilter.py says why): the
    analysis computes texts the file never spells (a gather mode "r\\x65duced", a
    `getattr(lax, "p" + op)` read by value), so words of the rule's own would skip findings.
    """
    triggers = requires = (jaxapi.STATE_GATE.encode(),)
    required_apis = jaxapi.SHARD_MAP_APIS  # (seeds the sparse text only: engine._words)

    @classmethod
    def may_fire(cls, referenced: set[str]) -> bool:
        return True  # the names a module references are no gate of the analysis either


def analysis(ctx: FileContext) -> Diagnosis:
    """The file's state problems, computed once and shared by every rule that asks."""

    def compute() -> Diagnosis:
        if jaxapi.STATE_GATE not in ctx.source:
            return Diagnosis()  # no body in this file: nothing to analyse (the state rules' prefilter)
        return diagnose_module(ctx.tree, ctx.imports, ctx.target, ctx.source)

    return ctx.cached(_CACHE_KEY, compute)


def problems(ctx: FileContext, *kinds: Kind) -> list[Problem]:
    return [problem for problem in analysis(ctx).problems if problem.kind in kinds]


# ---------------------------------------------------------------------------------------------
# Wording
# ---------------------------------------------------------------------------------------------
def axes_display(axes: tuple[str, ...]) -> str:
    return repr(axes[0]) if len(axes) == 1 else "(" + ", ".join(repr(axis) for axis in axes) + ")"


def arg_display(ctx: FileContext, problem: Problem) -> str:
    site = problem.site
    text = " ".join(ctx.text(site.arg).split())
    if site.path:  # one leaf of a pytree: `grads['w']`
        text = (text if isinstance(site.arg, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)) else f"({text})") + site.path
    return text if len(text) <= _ARG_TEXT_LIMIT else text[: _ARG_TEXT_LIMIT - 3] + "..."


def consumer_display(problem: Problem) -> str:
    site = problem.site
    if site.short_name == "all_gather" and site.to and site.to != jaxapi.VARYING:
        return f"all_gather(..., to={site.to!r})"
    return f"{site.short_name}(...)"


def state_text(value: AxisState, axes: tuple[str, ...]) -> str:
    why = f" ({value.why})" if value.why else ""
    return f"{describe(value, axes)}{why}"


def evidence(ctx: FileContext, problem: Problem) -> tuple[tuple[str, str], ...]:
    site = problem.site
    shown = tuple(dict.fromkeys(site.axes + tuple(axis for axis, _ in site.value.named)))
    items = [
        (f"`{arg_display(ctx, problem)}`", state_text(site.value, shown)),
        (consumer_display(problem), f"over {axes_display(site.axes)}"),
        ("cast", f"pcast on {axes_display(problem.cast)} to varying"),
    ]
    if problem.mesh is not None:
        items.append(("mesh", ", ".join(f"{axis!r}" for axis in problem.mesh.axes)))
    symbols = [axis for axis in dict.fromkeys(shown + tuple(problem.cast)) if type(axis) is not str]
    if symbols:  # names read from code the analysis does not run (analysis/symbols.py)
        items.append(("axis names", ", ".join(f"`{axis!r}`" for axis in symbols) + " not known; the finding holds "
                      "for any value (each one axis name, the specs tell them apart)"))
    return tuple(items)


def size_text(problem: Problem, axes: tuple[str, ...]) -> str:
    """'2' when the mesh says so, else 'the size of 'i''."""
    mesh = problem.mesh
    sizes = [mesh.size(axis) if mesh else None for axis in axes]
    if all(size is not None for size in sizes):
        total = 1
        for size in sizes:
            total *= size
        return str(total)
    return "the size of " + " and ".join(repr(axis) for axis in axes)


# ---------------------------------------------------------------------------------------------
# Fixes
# ---------------------------------------------------------------------------------------------
def cast_edits(ctx: FileContext, problem: Problem) -> list[Edit]:
    """The pcast before the consumer: a new line rebinding a plain name, or a wrap in place."""
    site = problem.site
    quote = quote_of(ctx, site.axes_node)
    written_here = any(arg.value is site.axes_node for arg in call_args(site.call))
    if tuple(problem.cast) == tuple(site.axes) and written_here:
        # `AXES`, `('i', 'j')`: the consumer's own spelling (a parenthesized tuple's range holds them)
        axes_text = ctx.text(site.axes_node)
    else:
        axes_text = axes_literal(list(problem.cast), quote)
    name = "pcast" if ctx.target >= jaxapi.PCAST_ADDED else "pvary"
    function_text, import_edits = lax_function(ctx, name, site.function)
    rebind = problem.rebind is not None and site.statement is not None and ctx.starts_line(site.statement)
    value_text = problem.rebind if rebind else ctx.text(site.arg)
    cast = jaxapi.cast_call(ctx.target, lambda _name: function_text, value_text, axes_text, jaxapi.VARYING, quote)
    if rebind:
        edit = ctx.insert_line_before(site.statement, f"{problem.rebind} = {cast}")
    else:
        edit = ctx.replace(site.arg, cast)
    return [edit, *import_edits]


def out_spec_edits(ctx: FileContext, problem: Problem) -> tuple[list[Edit], list[OutSpecNeed]]:
    """Edits adding the gathered axes to `reduced={...}` of literal out_specs entries, and the
    needs that could not be edited (out_specs not a literal)."""
    edits: list[Edit] = []
    missing: list[OutSpecNeed] = []
    quote = quote_of(ctx, problem.site.axes_node)
    for need in problem.out_specs:
        edit = _reduced_edit(ctx, need, quote) if need.spec is not None else None
        if edit is None:
            missing.append(need)
        else:
            edits.append(edit)
    return edits, missing


def _reduced_edit(ctx: FileContext, need: OutSpecNeed, quote: str) -> Edit | None:
    spec = need.spec
    call = spec.node
    names = [axis_literal(axis, quote) for axis in need.axes]
    if spec.reduced_node is not None:
        if not isinstance(spec.reduced_node, ast.Set):
            return None
        old = [ctx.text(element) for element in spec.reduced_node.elts]
        return ctx.replace(spec.reduced_node, "{" + ", ".join(old + names) + "}")
    keyword = "reduced={" + ", ".join(names) + "}"
    args = call_args(call)
    _, call_end = ctx.offsets(call)
    if args:
        _, end = ctx.offsets(args[-1].value)
        # Past the parentheses around the value, which its range leaves out (`P(('i'))`): up to
        # the call's own closing parenthesis only whitespace, comments, a comma and those follow.
        tail = ctx.source[end:call_end - 1]
        head = re.split(r"[,#]", tail, maxsplit=1)[0]
        end += head.rfind(")") + 1
        between = ctx.source[end:call_end - 1]  # up to the closing parenthesis
        comma = between.find(",")
        if comma >= 0 and "#" not in between[:comma]:
            return Edit(end + comma + 1, end + comma + 1, f" {keyword}")
        return Edit(end, end, f", {keyword}")
    _, func_end = ctx.offsets(call.func)
    paren = ctx.source.find("(", func_end)
    if paren < 0:
        return None
    return Edit(paren + 1, paren + 1, keyword)


def make_finding(ctx: FileContext, code: str, problem: Problem, message: str, *, unsafe: bool = False,
                 with_out_specs: bool = False) -> Finding:
    """The finding with its fix (when the problem has one)."""
    fix = None
    if problem.fixable:
        edits = cast_edits(ctx, problem)
        description = f"pcast {consumer_input(problem)} to varying on {axes_display(problem.cast)} first"
        if with_out_specs:
            spec_edits, missing = out_spec_edits(ctx, problem)
            edits.extend(spec_edits)
            if spec_edits:
                description += " and list the gathered axes in out_specs reduced={...}"
            if missing:
                unsafe = True
                description += " (out_specs must also list " + axes_display(missing[0].axes) + " in reduced={...})"
        if _overlap(edits):
            edits = None
        if edits:
            fix = Fix(description, tuple(sorted(edits)), Safety.UNSAFE if unsafe else Safety.SAFE)
    return Finding(code, message, ctx.span(problem.site.call), fix, evidence(ctx, problem))


def consumer_input(problem: Problem) -> str:
    return f"`{problem.rebind}`" if problem.rebind else "the argument"


def _overlap(edits: list[Edit]) -> bool:
    ordered = sorted(edits)
    return any(a.end > b.start or (a.start == b.start and a.start == a.end == b.end) for a, b in itertools.pairwise(ordered))


def missing_out_specs_note(ctx: FileContext, problem: Problem) -> str:
    _, missing = out_spec_edits(ctx, problem)
    if not missing:
        return ""
    axes = tuple(dict.fromkeys(axis for need in missing for axis in need.axes))
    return (f"; the shard_map output it flows into must then list {axes_display(axes)} in its out_specs "
            f"`reduced={{...}}` (JAX: \"{jaxapi.ERR_OUT_SPECS_REDUCED}\"), which shardfix cannot edit here")
