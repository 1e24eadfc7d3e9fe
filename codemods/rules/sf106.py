"""SF106: a reduced value in arithmetic with a constant or a value replicated on its reduced axes."""
from __future__ import annotations

from collections.abc import Iterator

from codemods import jaxapi
from codemods.rules._diagnosis import Kind
from codemods.analysis import transfer
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules import _typerules as tr
from codemods.rules.base import Rule


class ReducedWithReplicated(Rule):
    code = "SF106"
    name = "reduced-with-replicated"
    summary = "A reduced value combined with a constant or an invariant value (r * 2, jnp.mean(r), pmean over another axis)"
    triggers = (b"reduced",)
    requires = (b"shard_map",)  # no body in the file: nothing to analyse
    # A reduced value comes from a collective (all_gather(..., to='reduced'), pcast) or an in_specs entry.
    apis = transfer.collective_names() | {jaxapi.PARTITION_SPEC}
    required_apis = jaxapi.SHARD_MAP_APIS
    doc = RuleDoc(
        what="Finds arithmetic inside `shard_map` that combines a value *reduced* on an axis (e.g. the result "
             "of `all_gather(x, 'i', to='reduced')`) with a Python number or with a value invariant on that "
             "axis (`r * 2`, `r + bias`, `r / n`, `r > 0`), `jnp.mean`, `jax.nn.softmax` or `jax.nn.gelu` of "
             "it, and `pmean` over another axis of it (pmean divides by the axis size).",
        why="JAX rejects it at trace time with "
            f"\"ShardingTypeError: {jaxapi.ERR_REDUCED_WITH_REPLICATED}\" (run on jax 0.10.2). Operations on "
            "reduced values of the same axes (`r + r`, `r * r`), unary minus, `astype`, `reshape`, slicing, "
            "`jnp.sum` and `psum`/`pmax` over other axes keep the reduced type and are not reported.",
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
        versions="Checked by jax 0.10.2 (reduced types need jax >= 0.8.2).",
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
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
