"""Axis names kept in a NamedTuple and compared with a list: a NamedTuple is a tuple, never equal to
a list, so the pcast never runs and the psum over both axes meets a value invariant on 'j'."""
import jax
from typing import NamedTuple
from jax.sharding import PartitionSpec as P


class Axes(NamedTuple):
    rows: str = "i"
    cols: str = "j"


SYNC = Axes()


def body(block):
    total = jax.lax.psum(block, "j")
    if SYNC == ["i", "j"]:
        total = jax.lax.pcast(total, "j", to="varying")
    return jax.lax.psum(total, ("i", "j"))  # SF105


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
