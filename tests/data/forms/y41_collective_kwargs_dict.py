import jax
from jax.sharding import PartitionSpec as P

REDUCE_KWARGS = dict(axis_name=("i", "j"))


def body(h):
    local = jax.lax.psum(h, "j")
    return jax.lax.psum(local, **REDUCE_KWARGS)  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
