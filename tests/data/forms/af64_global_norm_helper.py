import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def global_norm(tree):
    return jnp.sqrt(sum(jnp.vdot(leaf, leaf) for leaf in jax.tree.leaves(tree)))


def body(a, b):
    grads = {"w": jax.lax.psum(a, "j"), "b": jax.lax.psum(b, "j")}
    norm = global_norm(grads)
    return jax.lax.pmax(norm, ("i", "j")) + jax.lax.psum(norm, ("i", "j"))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P())(x, x)
