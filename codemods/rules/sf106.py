"""SF106: a reduced value in arithmetic with a constant or a value replicated on its reduced axes."""
from __future__ import annotations

import functools
from collections.abc import Iterator

from codemods import jaxapi
from codemods.rules._diagnosis import Kind
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules import _typerules as tr
from codemods.rules._script_states import with_script_states
from codemods.transfer import table as transfer_table


_STATIC_DOC = dict(
    what="Finds operations inside `shard_map` that combine a value *reduced* on an axis (e.g. the result "
         "of `all_gather(x, 'i', to='reduced')`) with a Python number or with a value invariant on that "
         "axis (`r * 2`, `r + bias`, `r > 0`), functions that compute with constants themselves "
         "(`jnp.mean`, `jax.nn.relu`, `jax.nn.softmax`), and `pmean` over another axis of it "
         "(pmean divides by the axis size). Which operations reject, keep or drop the reduced state is read "
         "from the transfer table derived by running the target JAX (codemods/transfer); an operation or "
         "operand layout the table does not hold is never reported (an int `axis=` its 2-D arrays could "
         "not take, as in `jnp.mean(r, axis=2)`, reads what every int axis tried gave, when they agree).",
    why="JAX rejects it with "
        f"\"ShardingTypeError: {jaxapi.ERR_REDUCED_WITH_REPLICATED}\". The rules differ between JAX "
        "versions: jax 0.8.2 still accepted `r * 2` and `jax.nn.relu(r)` (docs/transfer-differences.md).",
    example="def body(x):\n"
            "    g = jax.lax.all_gather(x, 'i', to='reduced', tiled=True)\n"
            "    return g * 2\n"
            "f = jax.shard_map(body, mesh=mesh, in_specs=P('i', 'j'), out_specs=P(None, 'j', reduced={'i'}))",
    use_instead="def body(x):\n"
                "    # scale before the gather (the reduced type is kept), or gather to varying\n"
                "    return jax.lax.all_gather(x * 2, 'i', to='reduced', tiled=True)\n"
                "f = jax.shard_map(body, mesh=mesh, in_specs=P('i', 'j'), out_specs=P(None, 'j', reduced={'i'}))",
    fix_safety="No automatic fix: moving the arithmetic before the gather, gathering to varying, or casting "
               "the value to varying (which changes what out_specs may say) are choices about what the "
               "code means, so shardfix reports the line and the states.",
    versions="Tables for jax 0.8.2, 0.9.2 and 0.10.2; a target without its own table reads the nearest older "
             "one (reduced types need jax >= 0.8.2).",
)


class _TableDoc:
    """The rule's documentation, completed on first use with the operations the transfer table of
    the newest known JAX shows rejecting a reduced operand (so `explain` never lags the table)."""

    def __get__(self, instance, owner) -> RuleDoc:
        return _doc()


@functools.cache
def _doc() -> RuleDoc:
    fields = dict(_STATIC_DOC)
    table = transfer_table.load(jaxapi.NEWEST_KNOWN)
    if table is not None:
        names = transfer_table.rejecting_operations(table, jaxapi.ERR_REDUCED_WITH_REPLICATED)
        fields["why"] += (
            f"\n\nOperations jax {table.jax_version} was seen to reject a reduced operand with (alone, beside a "
            f"Python number or beside an invariant array; derived {table.derived} by running JAX, "
            f"codemods/transfer): " + ", ".join(f"`{name}`" for name in names) + ".")
    return RuleDoc(**fields)


class ReducedWithReplicated(tr.StateRule):
    code = "SF106"
    name = "reduced-with-replicated"
    summary = "A reduced value combined with a constant or an invariant value (r * 2, jnp.mean(r), pmean over another axis)"
    doc = _TableDoc()  # what the transfer table shows is listed on first use

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return with_script_states(ctx, self.code, Kind.REDUCED_WITH_REPLICATED, self._read_findings(ctx))

    def _read_findings(self, ctx: FileContext) -> Iterator[Finding]:
        for problem in tr.problems(ctx, Kind.REDUCED_WITH_REPLICATED):
            site = problem.site
            reduced = tuple(axis for axis, state in site.value.named if state.value == jaxapi.REDUCED)
            operation = _operation(ctx, site)
            message = (
                f"{operation} combines `{tr.arg_display(ctx, problem)}`, which is "
                f"{tr.state_text(site.value, reduced)}, with {site.partner}: JAX raises \"{problem.error}\"; "
                f"compute it before the value becomes reduced, or keep the value varying"
            )
            evidence = (
                (f"`{tr.arg_display(ctx, problem)}`", tr.state_text(site.value, reduced)),
                (operation, f"with {site.partner}"),
            )
            yield Finding(self.code, message, ctx.span(site.call), None, evidence)


def _operation(ctx: FileContext, site) -> str:
    if site.transfer is not None:  # pmean
        return f"{site.short_name}(...) over {tr.axes_display(site.axes)}"
    text = " ".join(ctx.text(site.call).split())
    return f"`{text}`" if len(text) <= 60 else f"`{text[:57]}...`"
