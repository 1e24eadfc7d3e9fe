import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(a, b):
    parts = jnp.stack([jax.lax.psum(a, "j"), jax.lax.psum(b, "j")])
    total = parts.sum(axis=0)
    return jax.lax.psum(total, ("i", "j"))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P())(x, x)
