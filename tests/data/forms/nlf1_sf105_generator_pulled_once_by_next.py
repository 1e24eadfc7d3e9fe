"""next() pulls one item of a generator: the second candidate is never traced."""
import jax
from jax.sharding import PartitionSpec as P

CANDIDATES = [("i",), ("i", "j")]


def reduce_with(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    return next(reduce_with(mesh, x, axes) for axes in CANDIDATES)
