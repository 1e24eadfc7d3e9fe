"""The editor object keeps CONFIG's section and removes 'j' from its list through a method: the
second psum sums over 'i' alone."""
import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"mesh": {"sync": ["i", "j"]}}


class Editor:
    def __init__(self, section):
        self.section = section

    def freeze(self, axis):
        self.section["sync"].remove(axis)


def main(mesh, x):
    Editor(CONFIG["mesh"]).freeze("j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(CONFIG["mesh"]["sync"]))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
