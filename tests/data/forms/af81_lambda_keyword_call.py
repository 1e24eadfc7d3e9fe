import jax
from jax.sharding import PartitionSpec as P


def reduce_grads(g, *, axis, extra):
    g = jax.lax.psum(g, extra)
    return jax.lax.psum(g, (axis, extra))  # SF105


def run(mesh, x):
    return jax.shard_map(lambda g: reduce_grads(g, axis="i", extra="j"), mesh=mesh,
                         in_specs=P("i", "j"), out_specs=P())(x)
