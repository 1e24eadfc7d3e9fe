import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(h):
    def step(k, acc):
        partial_sum = jax.lax.psum(h * k, "j")
        return acc + jax.lax.psum(partial_sum, ("i", "j")).sum()  # SF105

    return jax.lax.fori_loop(0, 3, step, jnp.zeros((), h.dtype))


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
