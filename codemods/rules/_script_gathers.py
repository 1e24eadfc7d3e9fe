"""SF104's findings from a script run (analysis/script_run.py): the first gather JAX rejects when
the module runs from its `if __name__ == "__main__":` block, reported at that call when the
rule's own reading of the code found nothing on its line. No fix: the specs were read by running
the code, not from one literal a rewrite could change."""
from __future__ import annotations

from codemods.analysis.script_stops import script_stop
from codemods.context import FileContext
from codemods.model import Finding
from codemods.rules._gathers import dim_problem, gathered_dims, missing_reduced, required_reduced, unsharded_message
from codemods.rules._sf104_doc import (EXTRA_REDUCED_ERROR, MESH_ERROR, MULTI_DIM_ERROR, PREFIX_ERROR, REPLICATION_ERROR,
                                       UNSHARDED_ERROR)
from codemods.spelling import jax_module

_HOW = "when the script runs from its `if __name__ == \"__main__\":` block"


def script_findings(ctx: FileContext, code: str, seen_lines: set[int]) -> list[Finding]:
    stop = script_stop(ctx)
    if stop is None:
        return []
    span = ctx.span(stop.call)
    if span.line in seen_lines:
        return []
    jax_name, _ = jax_module(ctx)
    if stop.kind in ("mesh", "auto"):
        where = ("no context mesh is set" if stop.kind == "mesh" else
                 "the context mesh set has Auto axes (`jax.sharding.Mesh` without `axis_types=`)")
        advice = (f"call it inside `with {jax_name}.set_mesh(mesh):`" if stop.kind == "mesh" else
                  "build the mesh with Explicit axes (`axis_types=`, the `jax.make_mesh` default)")
        message = (f"`top_level_all_gather` needs a context mesh with Explicit axes and {where} {_HOW}: JAX "
                   f"raises \"{MESH_ERROR}\"; {advice}")
        return [Finding(code, message, span, None, (("context mesh", f"{where} {_HOW}"),))]
    have, want = stop.in_spec, stop.out_spec
    dims, said = gathered_dims(have, want), stop.said
    if said is not None and said[0] == "unsharded":
        message = unsharded_message(said[1], want, have, UNSHARDED_ERROR, f"`{jax_name}.reshard(x, {want})`")
        return [Finding(code, message, span, None, (("input", f"sharded {have} {_HOW}"), ("out_sharding", str(want))))]
    if said is None or dims is None:
        return []
    simply = f"`{jax_name}.reshard(x, {want})`"
    if said[0] == "multi":
        changed = ", ".join(str(d.dim) for d in dims)
        message = (f"out sharding {want} changes dimensions {changed} of the input's {have}, and one gather "
                   f"changes one dimension unless `multi_dim=True`: JAX raises \"{MULTI_DIM_ERROR}\"; the layout "
                   f"wanted is simply {simply}")
    elif said[0] == "rewrite":
        first = next(d for d in dims if d.bad)
        message = dim_problem(first, want, have, PREFIX_ERROR)
        reduced = ", ".join(repr(a) for a in required_reduced([first], ()))
        message += f"; gather the dimension whole (reduced={{{reduced}}}) and reshard, or simply {simply}"
    elif said[0] == "extra":
        message = extra_message(want, said[1], simply)
    else:
        missing = missing_reduced(dims, want.reduced)
        names = ", ".join(repr(a) for a in missing)
        message = (f"out sharding {want} gathers {names} without listing {'it' if len(missing) == 1 else 'them'} "
                   f"in `reduced={{...}}`: JAX raises \"{REPLICATION_ERROR}\"; list them, or simply {simply}")
    evidence = (("input", f"sharded {have} {_HOW}"), ("out_sharding", str(want)))
    return [Finding(code, message, span, None, evidence)]



def extra_message(want, extra: tuple, simply: str) -> str:
    """Why an out sharding listing as reduced axes that no dimension gathers fails."""
    names = ", ".join(repr(a) for a in extra)
    one = len(extra) == 1
    return (f"out sharding {want} lists {names} in `reduced={{...}}`, but no dimension of the input is sharded "
            f"on {'it' if one else 'them'}, so the gather does not make the result reduced there: JAX raises "
            f"\"{EXTRA_REDUCED_ERROR}\"; list only the gathered axes, or simply {simply}")
