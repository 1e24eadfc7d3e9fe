"""SF101: an invariant value (a psum result, say) gathered with all_gather(..., to='reduced')."""
from __future__ import annotations

from collections.abc import Iterator

from codemods import jaxapi
from codemods.rules._diagnosis import Kind
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules import _typerules as tr
from codemods.rules._script_states import with_script_states


class InvariantIntoGatherReduced(tr.StateRule):
    code = "SF101"
    name = "invariant-into-gather-reduced"
    summary = "all_gather(..., to='reduced') of a value that is invariant on the gathered axes"
    doc = RuleDoc(
        what="Finds `all_gather(x, A, to='reduced')` inside `shard_map` where `x` is invariant on every axis "
             "of `A`, typically because it is the result of `psum(x, A)`.",
        why="`all_gather(..., to='reduced')` turns a *varying* value into a reduced one. `psum` gives an "
            "invariant value, not a reduced one, so JAX rejects the gather at trace time: "
            f"\"{jaxapi.ERR_GATHER_VARYING_TO_REDUCED} ... must be present in jax.typeof(x).mat.varying\" "
            f"(or \"{jaxapi.ERR_GATHER_NOT_VARYING}\" when the value varies on no axis at all).",
        example="def body(x):\n"
                "    r = jax.lax.psum(x, 'i')\n"
                "    return jax.lax.all_gather(r, 'i', to='reduced')\n"
                "f = jax.shard_map(body, mesh=mesh, in_specs=P('i', 'j'), out_specs=P(None, 'j'))",
        use_instead="def body(x):\n"
                    "    r = jax.lax.psum(x, 'i')\n"
                    "    r = jax.lax.pcast(r, 'i', to='varying')\n"
                    "    return jax.lax.all_gather(r, 'i', to='reduced')\n"
                    "f = jax.shard_map(body, mesh=mesh, in_specs=P('i', 'j'), out_specs=P(None, 'j', reduced={'i'}))",
        fix_safety="Safe: the cast makes the gather legal and the result equals what `all_gather(..., "
                   "to='varying')` of the psum result computes (axis-size copies of the sum), with the gradient "
                   "JAX defines for a reduced value. When the gathered value is returned, its out_specs entry "
                   "gets the axes in `reduced={...}` (JAX requires it); when out_specs is not a literal "
                   "the fix is marked unsafe and the message says what to add. On jax >= 0.10 "
                   "`all_gather(..., to='invarying')` is an alternative a person may prefer.",
        versions="pcast: jax >= 0.8.2 (older targets get `pvary(x, axes)`); all_gather(to=...): jax >= 0.8.2.",
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return with_script_states(ctx, self.code, Kind.INVARIANT_INTO_GATHER_REDUCED, self._read_findings(ctx))

    def _read_findings(self, ctx: FileContext) -> Iterator[Finding]:
        for problem in tr.problems(ctx, Kind.INVARIANT_INTO_GATHER_REDUCED):
            site = problem.site
            message = (
                f"all_gather(..., to='reduced') over {tr.axes_display(site.axes)} of `{tr.arg_display(ctx, problem)}`, "
                f"which is {tr.state_text(site.value, site.axes)}: JAX raises \"{problem.error}\"; "
                f"pcast it to varying on {tr.axes_display(problem.cast)} first"
            )
            if problem.note:
                message += f" (no automatic fix: {problem.note})"
            message += tr.missing_out_specs_note(ctx, problem)
            yield tr.make_finding(ctx, self.code, problem, message, with_out_specs=True)
