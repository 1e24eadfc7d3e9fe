import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

ALL_AXES = ("i", "j")


def global_norm(grads):
    squares = jax.tree.map(lambda g: jnp.sum(g * g), grads)
    local = sum(jax.tree.leaves(squares))
    return jnp.sqrt(lax.psum(local, ALL_AXES))  # SF105


def global_norm_generator(grads):
    local = sum(jnp.vdot(g, g) for g in jax.tree.leaves(grads))
    return jnp.sqrt(lax.psum(local, ALL_AXES))  # SF105


def run(mesh, x):
    grads = jax.device_put({"w": jnp.ones((8, 4)), "b": jnp.ones((8,))}, NamedSharding(mesh, P("j")))
    a = jax.shard_map(global_norm, mesh=mesh, in_specs=P("j"), out_specs=P())(grads)
    b = jax.shard_map(global_norm_generator, mesh=mesh, in_specs=P("j"), out_specs=P())(grads)
    return a, b
