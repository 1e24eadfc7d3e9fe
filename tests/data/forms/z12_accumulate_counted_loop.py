import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MICROBATCHES = 3


def accumulate(w_shard):
    w = jax.lax.all_gather(w_shard, "i", to="reduced", tiled=True)
    total = None
    for _ in range(MICROBATCHES):
        step_grad = jnp.tanh(w)
        total = step_grad if total is None else total + step_grad
    return jax.lax.psum(total, "i")  # SF103


def run(mesh, x):
    return jax.shard_map(accumulate, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
