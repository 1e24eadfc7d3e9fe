import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def a(grads):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    return lax.psum(jnp.sum(flat ** 2), ("i", "j"))  # SF105


def b(grads):
    norms = jnp.stack([jnp.sum(g * g) for g in jax.tree.leaves(grads)])
    return lax.psum(norms.sum(), ("i", "j"))  # SF105


def c(w, b):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves({"w": w, "b": b})])
    return lax.psum(jnp.sum(flat ** 2), ("i", "j"))  # SF105


def run(mesh, x):
    g = {"w": x, "b": x[0]}
    r1 = jax.shard_map(a, mesh=mesh, in_specs=P("j"), out_specs=P())(g)
    r2 = jax.shard_map(b, mesh=mesh, in_specs=P("j"), out_specs=P())(g)
    r3 = jax.shard_map(c, mesh=mesh, in_specs=(P("j"), P("j")), out_specs=P())(x, x[0])
    return r1, r2, r3
