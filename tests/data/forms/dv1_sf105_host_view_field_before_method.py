"""A parser object holding its own split function: Python reads the field before the class's def."""
import jax
from jax.sharding import PartitionSpec as P


def every(text):
    return text.split(",")


class AxisParser:
    def __init__(self, names, split):
        self.names = names
        self.split = split

    def split(self, text):
        return text.split(",")[:1]

    def parse(self, text):
        return tuple(a for a in self.split(text) if a in self.names)


def main(mesh, x):
    axes = AxisParser(("i", "j"), every).parse("i,j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
