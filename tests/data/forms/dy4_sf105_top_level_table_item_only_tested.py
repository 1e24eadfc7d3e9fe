"""The list the top level stored is only tested (`name in OPTIONS["drop"]`): the parser keeps
'j', and the second psum sums over 'j' again."""
import jax
from jax.sharding import PartitionSpec as P

OPTIONS = {}
OPTIONS["drop"] = []
LOG = {"seen": []}


def parse_axes(text):
    return tuple(a for a in text.split(",") if a not in OPTIONS["drop"])


def freeze(name):
    if name in OPTIONS["drop"]:
        LOG["seen"].append(name)


def main(mesh, x):
    freeze("j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, parse_axes("i,j"))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
