import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def norm_with_batch_term(grads, x):
    total = jnp.sum(x)  # varies on 'i'; every leaf varies on 'j'
    for g in jax.tree.leaves(grads):
        total = total + jnp.sum(g * g)
    return lax.psum(total, ("i", "j"))


def norm_over_model(grads):
    total = 0.0
    for g in jax.tree.leaves(grads):
        total = total + jnp.sum(g * g)
    return lax.psum(total, "j")


def run(mesh, x):
    g = {"w": x, "b": x[0]}
    a = jax.shard_map(norm_with_batch_term, mesh=mesh, in_specs=(P("j"), P("i")), out_specs=P())(g, x)
    b = jax.shard_map(norm_over_model, mesh=mesh, in_specs=P("j"), out_specs=P())(g)
    return a, b
