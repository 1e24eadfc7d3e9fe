"""SF107: a cast to varying (pcast, pvary) of a value that already varies on some of its axes."""
from __future__ import annotations

import ast
from collections.abc import Iterator

from codemods import jaxapi
from codemods.analysis.values import describe
from codemods.context import FileContext
from codemods.model import Finding, Fix, RuleDoc, Safety
from codemods.private_names import mangle_private_names
from codemods.rules import _typerules as tr
from codemods.rules._diagnosis import Kind, Problem
from codemods.rules.base import Rule
from codemods.spelling import axes_literal, quote_of


class CastOfVarying(Rule):
    code = "SF107"
    name = "cast-of-varying"
    summary = "pcast(..., to='varying') or pvary of a value already varying on the cast axes"
    triggers = (b"pcast", b"pvary")
    requires = (b"shard_map",)  # no body in the file: nothing to analyse
    apis = jaxapi.CAST_TO_VARYING_APIS
    required_apis = jaxapi.SHARD_MAP_APIS
    doc = RuleDoc(
        what="Finds `jax.lax.pcast(x, A, to='varying')` and `jax.lax.pvary(x, A)` inside `shard_map` where `x` "
             "already varies on at least one axis of `A`: a shard_map input split over that axis, a value "
             "computed from one (`jnp.zeros_like(block)`), or a value cast once already.",
        why="A cast to varying only accepts axes on which the value is invariant (or, for pcast, reduced). JAX "
            f"rejects the rest at trace time: \"{jaxapi.ERR_PCAST_FROM_VARYING}\" (\"jax.lax.pcast "
            f"{jaxapi.ERR_ONE_STATE}\" when only some of A vary), or for pvary \"{jaxapi.ERR_PVARY_OF_VARYING}\" "
            f"(jax 0.8.2 and 0.9.2). Code written for jax 0.6.2 often hits it after an upgrade: there "
            "`jnp.zeros_like(block)` of a varying block was invariant, from 0.8.2 on it varies like the block.",
        example="def body(block):  # in_specs=P('i')\n"
                "    acc = jax.lax.pcast(jnp.zeros_like(block), 'i', to='varying')\n"
                "    return acc + block",
        use_instead="def body(block):\n"
                    "    acc = jnp.zeros_like(block)\n"
                    "    return acc + block",
        fix_safety="Safe: a cast to varying never changes values. The fix drops the axes on which the value "
                   "already varies from the cast; when none remain, the call is replaced by its operand, "
                   "written as it was (in parentheses when the surrounding code needs them). No fix when "
                   "comments inside the call would be lost.",
        versions="States follow the target JAX (`--target-jax`): `zeros_like`, `ones_like` and `full_like` of a "
                 "varying value vary from jax 0.8.2 on. A `pvary` for a target of 0.10 or later is reported with "
                 "the pcast error, as SF201 renames it to pcast.",
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for problem in tr.problems(ctx, Kind.CAST_OF_VARYING):
            yield self._finding(ctx, problem)

    def _finding(self, ctx: FileContext, problem: Problem) -> Finding:
        site = problem.site
        keep = tuple(axis for axis in site.axes if axis not in problem.drop)
        renamed = " (once SF201 renames it to pcast)" if site.short_name == "pvary" and ctx.target >= jaxapi.PVARY_REMOVED else ""
        message = (
            f"{_call_display(site.short_name)} over {tr.axes_display(site.axes)} of `{tr.arg_display(ctx, problem)}`, "
            f"which is {tr.state_text(site.value, site.axes)}: JAX raises \"{problem.error}\"{renamed}; "
        )
        if keep:
            message += f"cast it on {tr.axes_display(keep)} only"
        else:
            message += "the cast does nothing: use the value itself"
        fix = None
        edit, why_not = _edit(ctx, problem, keep) if problem.fixable else (None, problem.note)
        if edit is not None:
            description = (f"drop {tr.axes_display(problem.drop)} from the cast" if keep
                           else "replace the cast by its operand")
            fix = Fix(description, (edit,), Safety.SAFE)
        elif why_not:
            message += f" (no automatic fix: {why_not})"
        evidence = (
            (f"`{tr.arg_display(ctx, problem)}`", tr.state_text(site.value, site.axes)),
            (_call_display(site.short_name), f"over {tr.axes_display(site.axes)}"),
            ("already varying on", describe(site.value, problem.drop)),
        )
        return Finding(self.code, message, ctx.span(site.call), fix, evidence)


def _call_display(short_name: str) -> str:
    return "pvary(...)" if short_name == "pvary" else "pcast(..., to='varying')"


def _edit(ctx: FileContext, problem: Problem, keep: tuple[str, ...]):
    """(the edit, None) or (None, why there is none)."""
    site = problem.site
    call = site.call
    start, end = ctx.offsets(call)
    if keep:
        if site.axes_node is None:
            return None, "the axes are not written at the call"
        return ctx.replace(site.axes_node, axes_literal(list(keep), quote_of(ctx, site.axes_node))), None
    operand_start, operand_end = ctx.offsets(site.arg)
    if "#" in ctx.source[start:operand_start] + ctx.source[operand_end:end]:
        return None, "a comment inside the call would be lost"
    text = ctx.source[operand_start:operand_end]
    expected = _dump_replaced(ctx.tree, call, site.arg)
    for candidate in (text, f"({text})"):
        try:
            tree = mangle_private_names(ast.parse(ctx.source[:start] + candidate + ctx.source[end:]))  # (as ctx.tree)
        except SyntaxError:
            continue
        # The operand must parse back as the same expression in the same place (precedence).
        if ast.dump(tree) == expected:
            return ctx.replace(call, candidate), None
    return None, "the operand cannot stand in for the call here"


def _dump_replaced(tree: ast.Module, call: ast.expr, operand: ast.expr) -> str:
    """ast.dump of `tree` with `call` replaced by `operand` (tree itself is left as it is)."""

    class Swap(ast.NodeTransformer):
        def visit(self, node):
            if getattr(node, "_origin", None) is call:
                return operand
            return super().visit(node)

    copy = _shallow_tree(tree)
    return ast.dump(Swap().visit(copy))


def _shallow_tree(node):
    """A copy of the tree to edit, each new node remembering the one it copies."""
    if isinstance(node, ast.AST):
        fresh = type(node)()
        for name, value in ast.iter_fields(node):
            setattr(fresh, name, _shallow_tree(value))
        fresh._origin = node
        return fresh
    if isinstance(node, list):
        return [_shallow_tree(item) for item in node]
    return node
