import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def first_rank_only(x):
    rank = jax.lax.axis_index("i")
    local = jnp.where(rank == 0, jnp.mean(x), 0.0)
    return jax.lax.psum(local, ("i", "j"))


def floor_at_shared(x, w):
    shared = jax.lax.psum(w.sum(), "j")
    level = jnp.maximum(x.sum(), shared)
    return jax.lax.psum(level, "i")


def split_parts(x, w):
    whole, part = jnp.divmod(x.sum(), jax.lax.psum(w.sum(), "i"))
    return jax.lax.psum(whole + part, ("i", "j"))


def run(mesh, x):
    return (jax.shard_map(first_rank_only, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x),
            jax.shard_map(floor_at_shared, mesh=mesh, in_specs=(P("i", None), P(None, "j")), out_specs=P())(x, x),
            jax.shard_map(split_parts, mesh=mesh, in_specs=(P("i", "j"), P("i", None)), out_specs=P())(x, x))
