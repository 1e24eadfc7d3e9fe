"""The module list itself is narrowed with `.remove` before it is handed on: the helper sums over i only."""
import jax
from jax.sharding import PartitionSpec as P

AXES = ["i", "j"]


def reduce_rows(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    AXES.remove("j")
    return reduce_rows(mesh, x, AXES)
