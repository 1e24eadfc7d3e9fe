import jax
from jax.sharding import PartitionSpec as P


class Axes:
    DATA = "i"
    MODEL = "j"
    ALL = (DATA, MODEL)


def body(h):
    local = jax.lax.psum(h, Axes.MODEL)
    return jax.lax.psum(local, Axes.ALL)  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(*Axes.ALL), out_specs=P())(x)
