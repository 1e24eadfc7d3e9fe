"""SF105: psum (and friends) over a tuple of axes on which the input is in different states."""
from __future__ import annotations

from collections.abc import Iterator

from codemods import jaxapi
from codemods.rules._diagnosis import Kind
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules import _typerules as tr
from codemods.rules._script_states import with_script_states


class MixedStatesOverAxes(tr.StateRule):
    code = "SF105"
    name = "mixed-states-over-axes"
    summary = "psum/pmean/psum_scatter over a tuple of axes on which the input is in different states"
    doc = RuleDoc(
        what="Finds `psum`, `pmean` or `psum_scatter` (and `pmax`/`pmin` for target JAX versions that check it) "
             "over a tuple of axes on which the input is in different states, e.g. varying on 'data' and "
             "invariant on 'model' (already summed over it).",
        why="Code like this ran on older JAX, which summed the replicated copies too. Current JAX requires one "
            f"state on all of the axes and raises \"jax.lax.psum {jaxapi.ERR_ONE_STATE}\" at trace time.",
        example="def body(x):  # in_specs=P('data')\n"
                "    return jax.lax.psum(x, ('data', 'model'))",
        use_instead="def body(x):\n"
                    "    x = jax.lax.pcast(x, 'model', to='varying')\n"
                    "    return jax.lax.psum(x, ('data', 'model'))",
        fix_safety="Safe: casting the invariant axes to varying first keeps the meaning the code had on older JAX "
                   "(the sum over an axis the value does not vary on multiplies it by that axis' size; a mean or "
                   "max over it leaves it unchanged).",
        versions="The check is made by jax 0.10.2 for psum, pmean and psum_scatter; for pmax and pmin only at "
                 "HEAD (0.11.1-dev, read), so they are reported for --target-jax 0.11.1 and later. "
                 "pcast: jax >= 0.8.2 (older targets get `pvary`).",
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return with_script_states(ctx, self.code, Kind.MIXED_STATES, self._read_findings(ctx))

    def _read_findings(self, ctx: FileContext) -> Iterator[Finding]:
        for problem in tr.problems(ctx, Kind.MIXED_STATES):
            site = problem.site
            message = (
                f"{site.short_name}(...) over {tr.axes_display(site.axes)} of `{tr.arg_display(ctx, problem)}`, "
                f"which is {tr.state_text(site.value, site.axes)}: JAX raises \"{problem.error}\"; "
                f"pcast it to varying on {tr.axes_display(problem.cast)} first"
            )
            if site.transfer.sums:
                message += (f", which keeps the meaning it had on older JAX: the sum over "
                            f"{tr.axes_display(problem.cast)} multiplies the value by {tr.size_text(problem, problem.cast)}")
            else:
                message += ", which keeps the meaning it had on older JAX"
            if problem.note:
                message += f" (no automatic fix: {problem.note})"
            yield tr.make_finding(ctx, self.code, problem, message)
