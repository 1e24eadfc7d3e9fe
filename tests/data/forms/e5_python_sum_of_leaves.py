import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def grad_norm(params, x):
    grads = jax.grad(lambda p: jnp.mean(jnp.tanh(x @ p["w"] + p["b"]) ** 2))(params)
    squares = sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))
    return jnp.sqrt(lax.psum(squares, ("i", "j")))  # SF105


def run(mesh, x):
    params = {"w": jnp.ones((8, 8)), "b": jnp.zeros((8,))}
    specs = ({"w": P(None, "j"), "b": P("j")}, P())
    return jax.shard_map(grad_norm, mesh=mesh, in_specs=specs, out_specs=P())(params, x)
