from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


class MeshAxes(NamedTuple):
    data: str = "i"
    model: str = "j"


AXES = MeshAxes()


def body(x):
    local = jax.lax.psum(x, axis_name=AXES.model)
    return jax.lax.psum(local, axis_name=tuple(AXES))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(*AXES), out_specs=P())(x)
