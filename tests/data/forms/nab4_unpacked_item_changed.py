"""Axis names unpacked from a dict item that the script replaces first: the names read are the
new ones, under which the body is legal."""
import jax
from jax.sharding import PartitionSpec as P

AXES = {"pair": ("i", "j")}


def run(mesh, x):
    AXES["pair"] = ("j", "i")
    inner, outer = AXES["pair"]

    def body(v):
        total = jax.lax.psum(v, "i")
        g = jax.lax.all_gather(v, inner, axis=1, tiled=True, to="reduced")  # none: inner is 'j' at run time
        return g, total

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=(P("i", None, reduced={"j"}), P(None, "j")))(x)
