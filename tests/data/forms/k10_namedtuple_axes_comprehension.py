from typing import NamedTuple

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


class Axes(NamedTuple):
    data: str = "i"
    model: str = "j"


AXES = Axes()


def body(x):
    names = tuple(name for name in AXES)
    return lax.psum(x, names)  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
