"""The same body handed a tuple of axes: `type(axes) is list` is False, the first psum never
runs and the second sums a value varying on 'j'."""
import jax
from jax.sharding import PartitionSpec as P

SYNC_AXES = ("j",)


def body(block):
    if type(SYNC_AXES) is list:
        block = jax.lax.psum(block, SYNC_AXES[0])
    return jax.lax.psum(block, ("i", "j"))  # none


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
