"""A command-line style option is split into its axes (`str.split` gives a list) and compared
with a tuple: a list never equals a tuple, so the pcast back to varying never runs and the psum over both
axes meets a value invariant on 'j' but varying on 'i'."""
import jax
from jax.sharding import PartitionSpec as P

OPTION = "j"


def body(block):
    total = jax.lax.psum(block, "j")
    if OPTION.split(",") == ("j",):
        total = jax.lax.pcast(total, "j", to="varying")
    return jax.lax.psum(total, ("i", "j"))  # SF105


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
