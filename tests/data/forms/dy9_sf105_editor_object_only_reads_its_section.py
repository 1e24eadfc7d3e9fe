"""The editor object keeps CONFIG's section but only reads it: the second psum sums over 'j' again."""
import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"mesh": {"sync": ["i", "j"]}}


class Editor:
    def __init__(self, section):
        self.section = section

    def freeze(self, axis):
        if axis not in self.section["sync"]:
            raise KeyError(axis)


def main(mesh, x):
    Editor(CONFIG["mesh"]).freeze("j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(CONFIG["mesh"]["sync"]))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
