"""The same helper, but a plain name is mapped elsewhere (`else "j"`): a string is no object of
the NamedTuple class, so the gather runs over 'j', where the psum result still varies."""
from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


class Axis(NamedTuple):
    name: str
    size: int


Batch = Axis("i", 2)


def axis_name(axis):
    return axis.name if isinstance(axis, Axis) else "j"


def body(block):
    total = jax.lax.psum(block, axis_name(Batch))
    return jax.lax.all_gather(total, axis_name("i"), tiled=True, to="reduced")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"j"}))(x)
