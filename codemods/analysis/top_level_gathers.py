"""`top_level_all_gather` in a script run (script_run.py): judged where the run meets it, with
the input's sharding, the out sharding and the context mesh all known exactly; the first one JAX
rejects ends the run (GatherStop), as it ends the program. Anything else unknown stops the run."""
from __future__ import annotations

from codemods.analysis.argument_binding import bind
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, GatherStop, ShardObj, SpecObj
from codemods.analysis.specs import Spec


class TopLevelGathers:
    """The gather half of a script run (which supplies in_body, node and context_mesh)."""

    def gather(self, args: list, kwargs: dict) -> Arr:
        from codemods.rules._gathers import verdict

        given = bind(("xs", "out_sharding"), args, kwargs, {"multi_dim": False}, ("multi_dim",))
        if given is None or type(given["multi_dim"]) is not bool:
            raise Bail
        x, out, multi = given["xs"], given["out_sharding"], given["multi_dim"]
        if self.in_body:
            raise Bail  # (in a shard_map body: another use)
        mesh = self.context_mesh()
        if mesh is None:
            raise GatherStop(self.node, "mesh")
        if mesh.explicit is False:
            raise GatherStop(self.node, "auto")
        if type(x) is not Arr or x.sharding is None or x.sharding.mesh.names != mesh.names:
            raise Bail
        spec = out.spec if type(out) in (SpecObj, ShardObj) else None
        spec = spec.spec if type(spec) is SpecObj else spec
        if type(out) is ShardObj and out.mesh.names != mesh.names or not isinstance(spec, Spec):
            raise Bail
        said = verdict(x.sharding.spec.spec, spec, multi)
        if said is None:
            raise Bail
        if said[0] != "fine":
            raise GatherStop(self.node, "spec", x.sharding.spec.spec, spec, said)
        # (the gather keeps the array's shape and dtype: only its layout changes)
        return Arr(ShardObj(mesh, out if type(out) is SpecObj else out.spec), False, ndim=x.ndim, dtype=x.dtype)
