"""CFG sampler: guidance applied on the channel shard, the guided eps gathered reduced."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CH = "ch"
GUIDANCE_SCALE = 5.0

gather_channels = functools.partial(jax.lax.all_gather, axis_name=CH, axis=1, tiled=True,
                                    to="reduced")


def guided(x_blk, cond_blk, null_blk):
    eps_c = jnp.tanh(x_blk + cond_blk)
    eps_u = jnp.tanh(x_blk + null_blk)
    return gather_channels(eps_u + GUIDANCE_SCALE * (eps_c - eps_u))


def main(mesh, x, cond, null):
    f = jax.shard_map(guided, mesh=mesh, in_specs=(P(None, CH),) * 3,
                      out_specs=P(None, None, reduced={CH}))
    return f(x, cond, null)


def inputs():
    mesh = jax.make_mesh((8,), (CH,))
    s = NamedSharding(mesh, P(None, CH))
    x = jax.random.normal(jax.random.key(30), (2, 16))
    return mesh, jax.device_put(x, s), jax.device_put(x * 0.5, s), jax.device_put(x * 0.0, s)
