import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def norm_loop(grads):
    total = 0.0
    for g in jax.tree.leaves(grads):
        total = total + jnp.sum(g * g)
    return lax.psum(total, ("i", "j"))  # SF105


def norm_loop_aug(grads):
    total = jnp.zeros(())
    for g in jax.tree_util.tree_leaves(grads):
        total += jnp.vdot(g, g)
    return jnp.sqrt(lax.psum(total, ("i", "j")))  # SF105


def run(mesh, x):
    g = {"w": x, "b": x[0]}
    a = jax.shard_map(norm_loop, mesh=mesh, in_specs=P("j"), out_specs=P())(g)
    b = jax.shard_map(norm_loop_aug, mesh=mesh, in_specs=P("j"), out_specs=P())(g)
    return a, b
