import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MICROBATCHES = 3


def accumulate(w):
    total = None
    for _ in range(MICROBATCHES):
        step_grad = jnp.tanh(w)  # varying on i
        total = step_grad if total is None else total + step_grad
    return jax.lax.psum(total, "i")


def accumulate_gathered(w_shard):
    total = jnp.zeros_like(w_shard)
    for _ in range(MICROBATCHES):
        total = total + jnp.tanh(w_shard)
    full = jax.lax.all_gather(total, "i", to="reduced", tiled=True)  # total still varies on i
    return jax.lax.psum(jax.lax.pcast(full, "i", to="varying"), "i")


def run(mesh, x):
    a = jax.shard_map(accumulate, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    return a, jax.shard_map(accumulate_gathered, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
