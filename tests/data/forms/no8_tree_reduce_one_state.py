import operator

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def over_model_only(grads):
    sq = jax.tree.map(lambda g: jnp.sum(g * g), grads)
    return lax.psum(jax.tree.reduce(operator.add, sq), ("j",))


def leaves_vary_on_both(params):
    # 'w' varies on both axes: the folded sum does too, whatever 'b' is
    total = jax.tree_util.tree_reduce(lambda acc, p: acc + jnp.sum(p), params, 0.0)
    return lax.psum(total, ("i", "j"))


def run(mesh, x):
    g = {"w": x, "b": x[0]}
    a = jax.shard_map(over_model_only, mesh=mesh, in_specs=P("j"), out_specs=P())(g)
    b = jax.shard_map(leaves_vary_on_both, mesh=mesh, in_specs=({"w": P("i", "j"), "b": P("i")},), out_specs=P())(g)
    return a, b
