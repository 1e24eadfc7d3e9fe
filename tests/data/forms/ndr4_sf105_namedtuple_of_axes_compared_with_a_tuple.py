"""The NamedTuple of axis names compared with a tuple of the same names: equal (a NamedTuple is a
tuple to ==), so the pcast runs and the psum over both axes sums a value varying on both."""
import jax
from typing import NamedTuple
from jax.sharding import PartitionSpec as P


class Axes(NamedTuple):
    rows: str = "i"
    cols: str = "j"


SYNC = Axes()


def body(block):
    total = jax.lax.psum(block, "j")
    if SYNC == ("i", "j"):
        total = jax.lax.pcast(total, "j", to="varying")
    return jax.lax.psum(total, ("i", "j"))  # none


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
