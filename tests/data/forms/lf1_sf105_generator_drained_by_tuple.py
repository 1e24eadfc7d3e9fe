"""A generator drained by tuple(): every candidate is traced, and the second fails."""
import jax
from jax.sharding import PartitionSpec as P

CANDIDATES = [("i",), ("i", "j")]


def reduce_with(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return tuple(reduce_with(mesh, x, axes) for axes in CANDIDATES)
