import jax
from jax.sharding import PartitionSpec as P


def body(h):
    local = jax.lax.psum(h, "j")
    reduce = lambda v, axes=("i", "j"): jax.lax.psum(v, axes)  # SF105
    return reduce(local)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
