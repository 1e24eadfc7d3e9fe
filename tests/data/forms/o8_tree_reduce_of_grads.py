import operator
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def a(grads):
    sq = jax.tree.map(lambda g: jnp.sum(g * g), grads)
    total = jax.tree.reduce(operator.add, sq)
    return lax.psum(total, ("i", "j"))  # SF105


def b(grads):
    total = jax.tree_util.tree_reduce(lambda acc, g: acc + jnp.sum(g ** 2), grads, 0.0)
    return lax.psum(total, ("i", "j"))  # SF105


def c(grads):
    sq = jax.tree.map(lambda g: jnp.sum(g * g), grads)
    total = jax.tree.reduce(lambda u, v: u + v, sq)
    return lax.psum(total, ("i", "j"))  # SF105


def run(mesh, x):
    g = {"w": x, "b": x[0]}
    a1 = jax.shard_map(a, mesh=mesh, in_specs=P("j"), out_specs=P())(g)
    b1 = jax.shard_map(b, mesh=mesh, in_specs=({"w": P("j"), "b": P("j")},), out_specs=P())(g)
    c1 = jax.shard_map(c, mesh=mesh, in_specs=P("j"), out_specs=P())(g)
    return a1, b1, c1
