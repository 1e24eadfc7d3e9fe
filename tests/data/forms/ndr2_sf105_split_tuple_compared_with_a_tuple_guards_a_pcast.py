"""The split axes are made a tuple before the comparison: it holds, the pcast runs and the last
psum sums a value varying on 'j'."""
import jax
from jax.sharding import PartitionSpec as P

OPTION = "j"


def body(block):
    total = jax.lax.psum(block, "j")
    if tuple(OPTION.split(",")) == ("j",):
        total = jax.lax.pcast(total, "j", to="varying")
    return jax.lax.psum(total, ("i", "j"))  # none


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
