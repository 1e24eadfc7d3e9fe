"""SF102: all_gather(..., to='reduced') over axes some of which the input is already reduced on."""
from __future__ import annotations

from collections.abc import Iterator

from codemods import jaxapi
from codemods.rules._diagnosis import Kind
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules import _typerules as tr
from codemods.rules._script_states import with_script_states


class ReducedIntoGatherReduced(tr.StateRule):
    code = "SF102"
    name = "reduced-into-gather-reduced"
    summary = "all_gather(..., to='reduced') over a tuple of axes the input is already reduced on some of"
    doc = RuleDoc(
        what="Finds `all_gather(x, A, to='reduced')` over a tuple of axes `A` where `x` varies on some axes of "
             "`A` but is already reduced on others (for example gathered to reduced over one of them before).",
        why="JAX requires the input of a reduced gather to be reduced on none of the gathered axes and rejects "
            f"it at trace time: \"{jaxapi.ERR_GATHER_INPUT_REDUCED}\".",
        example="def body(x):\n"
                "    h = jax.lax.all_gather(x, 'i', to='reduced')\n"
                "    return jax.lax.all_gather(h, ('i', 'j'), to='reduced')",
        use_instead="def body(x):\n"
                    "    h = jax.lax.all_gather(x, 'i', to='reduced')\n"
                    "    h = jax.lax.pcast(h, 'i', to='varying')\n"
                    "    return jax.lax.all_gather(h, ('i', 'j'), to='reduced')",
        fix_safety="Safe: the cast names exactly the axes the value is reduced on (never more: pcast rejects a "
                   "cast to the state an axis already has), which is the only way the gather is legal. Not offered "
                   "for a target JAX older than 0.8.2, whose `pvary` cannot cast a reduced value.",
        versions="pcast: jax >= 0.8.2; all_gather(to='reduced'): jax >= 0.8.2.",
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return with_script_states(ctx, self.code, Kind.REDUCED_INTO_GATHER_REDUCED, self._read_findings(ctx))

    def _read_findings(self, ctx: FileContext) -> Iterator[Finding]:
        for problem in tr.problems(ctx, Kind.REDUCED_INTO_GATHER_REDUCED):
            site = problem.site
            message = (
                f"all_gather(..., to='reduced') over {tr.axes_display(site.axes)} of `{tr.arg_display(ctx, problem)}`, "
                f"which is already {tr.state_text(site.value, site.axes)}: JAX raises \"{problem.error}\"; "
                f"pcast it to varying on {tr.axes_display(problem.cast)} first"
            )
            if problem.note:
                message += f" (no automatic fix: {problem.note})"
            message += tr.missing_out_specs_note(ctx, problem)
            yield tr.make_finding(ctx, self.code, problem, message, with_out_specs=True)
