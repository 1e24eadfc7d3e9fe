"""SF103: a reduced value fed to a collective over an axis it is reduced on."""
from __future__ import annotations

from collections.abc import Iterator

from codemods import jaxapi
from codemods.rules._diagnosis import Kind
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules import _typerules as tr
from codemods.rules._script_states import with_script_states


class ReducedIntoCollective(tr.StateRule):
    code = "SF103"
    name = "reduced-into-collective"
    summary = "A reduced value fed to psum, all_gather, ppermute, ... over an axis it is reduced on"
    doc = RuleDoc(
        what="Finds a collective (`psum`, `pmean`, `pmax`, `pmin`, `all_gather` with any `to=`, `ppermute`, "
             "`psum_scatter`, `all_to_all`) over an axis on which its input is *reduced*, e.g. the result of "
             "`all_gather(..., to='reduced')`.",
        why="With automatic casts on (the default) JAX first casts a non-varying input with `pvary`, which rejects "
            f"reduced values: \"{jaxapi.ERR_PVARY_REDUCED}\" (the message names pvary, not the collective). "
            "Over a tuple of axes in different states psum reports "
            f"\"jax.lax.psum {jaxapi.ERR_ONE_STATE}\"; a reduced gather reports "
            f"\"{jaxapi.ERR_GATHER_VARYING_TO_REDUCED}\".",
        example="def body(x):\n"
                "    g = jax.lax.all_gather(x, 'i', to='reduced')\n"
                "    return jax.lax.psum(g, 'i')",
        use_instead="def body(x):\n"
                    "    g = jax.lax.all_gather(x, 'i', to='reduced')\n"
                    "    g = jax.lax.pcast(g, 'i', to='varying')\n"
                    "    return jax.lax.psum(g, 'i')",
        fix_safety="Safe for all_gather, ppermute and all_to_all: the cast only makes the program's literal "
                   "meaning legal. Unsafe for the psum family (psum, pmean, pmax, pmin, psum_scatter): after the "
                   "cast, psum adds axis-size identical copies (2x on a size-2 axis), which is what the code "
                   "literally says but rarely what was meant; dropping `to='reduced'` at the producer may be the "
                   "better fix. Not offered for a target JAX older than 0.8.2 (`pvary` cannot cast a reduced "
                   "value), nor for a pmean whose input is reduced on another axis too.",
        versions="pcast: jax >= 0.8.2.",
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return with_script_states(ctx, self.code, Kind.REDUCED_INTO_COLLECTIVE, self._read_findings(ctx))

    def _read_findings(self, ctx: FileContext) -> Iterator[Finding]:
        for problem in tr.problems(ctx, Kind.REDUCED_INTO_COLLECTIVE):
            site = problem.site
            message = (
                f"{tr.consumer_display(problem)} over {tr.axes_display(site.axes)} of `{tr.arg_display(ctx, problem)}`, "
                f"which is {tr.state_text(site.value, site.axes)}: JAX raises \"{problem.error}\"; "
                f"pcast it to varying on {tr.axes_display(problem.cast)} first"
            )
            if site.transfer.sums:
                message += (f"; then {site.short_name} adds {tr.size_text(problem, problem.cast)} identical copies "
                            f"(the value times the size of {tr.axes_display(problem.cast)}): check that this is meant")
            elif site.transfer.reduction:
                message += f"; review that {site.short_name} of identical copies and its gradient are what is meant"
            if problem.note:
                message += f" (no automatic fix: {problem.note})"
            message += tr.missing_out_specs_note(ctx, problem)
            yield tr.make_finding(ctx, self.code, problem, message, unsafe=site.transfer.reduction,
                                  with_out_specs=site.gathers_to_reduced)
