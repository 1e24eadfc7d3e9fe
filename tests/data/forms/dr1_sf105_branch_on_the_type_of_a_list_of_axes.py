"""A config lists its sync axes as a list; the body sums once more when it was handed a list
(`type(axes) is list`, as code that also takes a single name or a tuple tests it), so the psum over
both axes meets a value invariant on 'j' but varying on 'i'."""
import jax
from jax.sharding import PartitionSpec as P

SYNC_AXES = ["j"]


def body(block):
    if type(SYNC_AXES) is list:
        block = jax.lax.psum(block, SYNC_AXES[0])
    return jax.lax.psum(block, ("i", "j"))  # SF105


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
