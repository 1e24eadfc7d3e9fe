import typing

import jax
from jax.sharding import PartitionSpec as P


class Axes(typing.NamedTuple):
    batch: str
    hidden: str


MESH_AXES = Axes("i", "j")


def body(x):
    for axis in MESH_AXES:
        x = jax.lax.psum(x, axis)
    return jax.lax.all_gather(x, MESH_AXES[0], axis=0, tiled=True, to="reduced")  # SF101


def reversed_sum(x):
    local = jax.lax.psum(x, MESH_AXES.hidden)
    return jax.lax.psum(local, MESH_AXES[::-1])  # SF105


def run(mesh, x):
    a = jax.shard_map(body, mesh=mesh, in_specs=P(*MESH_AXES), out_specs=P(reduced={"i"}))(x)
    b = jax.shard_map(reversed_sum, mesh=mesh, in_specs=P(*MESH_AXES[:2]), out_specs=P())(x)
    return a, b
