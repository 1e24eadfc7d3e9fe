import enum

import jax
from jax.sharding import PartitionSpec as P


class Axis(enum.StrEnum):
    DATA = "i"
    MODEL = "j"


def body(h):
    local = jax.lax.psum(h, Axis.MODEL)
    return jax.lax.psum(local, (Axis.DATA, Axis.MODEL))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(Axis.DATA, Axis.MODEL), out_specs=P())(x)
