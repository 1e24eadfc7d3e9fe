import jax
from jax.sharding import PartitionSpec as P

REDUCE_ALL = True


def body(h):
    axes = ("i", "j") if REDUCE_ALL else "i"
    local = jax.lax.psum(h, "j")
    return jax.lax.psum(local, axes)  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
