import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def global_norm(grads):
    squares = jax.tree.map(lambda g: jnp.sum(g * g), grads)
    local = sum(jax.tree.leaves(squares))
    return jnp.sqrt(lax.psum(local, ("j",)))


def mixed_leaves(params):
    # one leaf replicated, one sharded: their states differ, so nothing is certain about the sum
    local = sum(jnp.sum(p) for p in jax.tree.leaves(params))
    return lax.psum(local, ("i", "j"))


def run(mesh, x):
    grads = jax.device_put({"w": jnp.ones((8, 4)), "b": jnp.ones((8,))}, NamedSharding(mesh, P("j")))
    params = {"w": jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("i", "j"))),
              "b": jax.device_put(jnp.ones((8,)), NamedSharding(mesh, P("i")))}
    a = jax.shard_map(global_norm, mesh=mesh, in_specs=P("j"), out_specs=P())(grads)
    b = jax.shard_map(mixed_leaves, mesh=mesh, in_specs=({"w": P("i", "j"), "b": P("i")},), out_specs=P())(params)
    return a, b
