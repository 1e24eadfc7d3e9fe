"""The override changes OTHER's section, not the dict CONFIG's namespace holds: the second psum
sums over 'j' again."""
import types

import jax
from jax.sharding import PartitionSpec as P

CONFIG = types.SimpleNamespace(mesh={"sync": ("i", "j")}, name="base")
OTHER = {"mesh": {"sync": ("i", "j")}}


def apply_override(root, path, value):
    section, key = path.split(".")
    root[section][key] = value


def main(mesh, x):
    apply_override(OTHER, "mesh.sync", ("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG.mesh["sync"])  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
