"""Axes are objects of a NamedTuple class (`Batch = Axis("i", 2)`); a helper takes an axis object
or a plain name (`axis.name if isinstance(axis, Axis) else axis`). Such a class is a plain class
deriving from tuple, so `isinstance` answers by its bases: the psum result is gathered to
'reduced' over the axis it is invariant on."""
from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


class Axis(NamedTuple):
    name: str
    size: int


Batch = Axis("i", 2)


def axis_name(axis):
    return axis.name if isinstance(axis, Axis) else axis


def body(block):
    total = jax.lax.psum(block, axis_name(Batch))
    return jax.lax.all_gather(total, axis_name("i"), tiled=True, to="reduced")  # SF101


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
