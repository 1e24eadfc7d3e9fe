import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def layer_norm_stats(h):
    mu = jnp.mean(h, axis=-1, keepdims=True)
    var = jnp.mean((h - mu) ** 2, axis=-1, keepdims=True)
    return mu, var


def body(x):
    h = jax.lax.psum(x, "j")
    mu, var = layer_norm_stats(h)
    return jax.lax.psum(mu + var, ("i", "j"))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
