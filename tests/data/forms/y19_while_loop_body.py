import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(h):
    def cond(carry):
        k, _ = carry
        return k < 3

    def step(carry):
        k, acc = carry
        local = jax.lax.psum(h, "j")
        return k + 1, acc + jax.lax.psum(local, ("i", "j")).sum()  # SF105

    _, out = jax.lax.while_loop(cond, step, (0, jnp.zeros((), h.dtype)))
    return out


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
