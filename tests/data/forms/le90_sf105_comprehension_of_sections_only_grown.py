"""A comprehension of the config's sections is a new list of the same dicts: appending to the
list changes none of them, so the body still reads the sections as written."""
import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"mesh": {"sync": ("i", "j"), "on": True}, "data": {"sync": ("i",), "on": False}}


def main(mesh, x):
    active = [section for section in CONFIG.values() if section["on"]]
    active.append({"sync": ("i",), "on": True})

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
