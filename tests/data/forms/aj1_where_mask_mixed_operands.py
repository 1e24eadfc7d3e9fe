import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def first_rank_only(x):
    rank = jax.lax.axis_index("i")
    local = jnp.where(rank == 0, jnp.mean(x), 0.0)
    total = jax.lax.psum(local, "i")
    return jax.lax.pmean(total, ("i", "j"))  # SF105


def floor_at_shared(x, w):
    shared = jax.lax.psum(w.sum(), "j")
    level = jnp.maximum(x.sum(), shared)
    return jax.lax.psum(level, ("i", "j"))  # SF105


def scaled_by_rank(x, w):
    rank = jax.lax.axis_index("j")
    scaled = jnp.multiply(w.mean(), rank)
    return jax.lax.psum(scaled, ("i", "j"))  # SF105


def capped_by_total(x, w):
    ceiling = jax.lax.psum(w.sum(), "j")
    capped = x.sum().clip(0.0, ceiling)
    return jax.lax.psum(capped, ("i", "j"))  # SF105


def run(mesh, x):
    return (jax.shard_map(first_rank_only, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x),
            jax.shard_map(floor_at_shared, mesh=mesh, in_specs=(P("i", None), P(None, "j")), out_specs=P())(x, x),
            jax.shard_map(scaled_by_rank, mesh=mesh, in_specs=(P("i", None), P()), out_specs=P())(x, x),
            jax.shard_map(capped_by_total, mesh=mesh, in_specs=(P("i", None), P(None, "j")), out_specs=P())(x, x))
