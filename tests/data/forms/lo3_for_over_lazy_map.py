import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(h):
    parts = [h, jax.lax.psum(h, "j")]
    total = 0.0
    for v in map(jnp.tanh, parts):
        total = total + jax.lax.psum(v, ("i", "j"))  # SF105
    return total


def scaled(h):
    halves = (jax.lax.pmean(h, "i"), h)
    out = 0.0
    for v in map(lambda t: t * 0.5, halves):
        out = out + jax.lax.pmean(v, ("j", "i"))  # SF105
    return out


def run(mesh, x):
    a = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    b = jax.shard_map(scaled, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return a, b
