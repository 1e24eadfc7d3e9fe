"""A copy of the module list is narrowed; the list handed on is the original, both axes."""
import jax
from jax.sharding import PartitionSpec as P

AXES = ["i", "j"]


def reduce_rows(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    rows_only = list(AXES)
    rows_only.remove("j")
    return reduce_rows(mesh, x, AXES)
