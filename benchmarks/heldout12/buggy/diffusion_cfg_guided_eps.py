"""DDIM sampler with classifier-free guidance; the UNet's channels are sharded over `ch`."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CH = "ch"
GUIDANCE_SCALE = 5.0

gather_channels = functools.partial(jax.lax.all_gather, axis_name=CH, axis=1, tiled=True,
                                    to="reduced")


def unet_eps(x_blk, cond_blk):
    return jnp.tanh(x_blk + cond_blk)


def guided(x_blk, cond_blk, null_blk):
    eps_c = gather_channels(unet_eps(x_blk, cond_blk))
    eps_u = gather_channels(unet_eps(x_blk, null_blk))
    return eps_u + GUIDANCE_SCALE * (eps_c - eps_u)


def main(mesh, x, cond, null):
    f = jax.shard_map(guided, mesh=mesh, in_specs=(P(None, CH), P(None, CH), P(None, CH)),
                      out_specs=P(None, None, reduced={CH}))
    return f(x, cond, null)


def inputs():
    mesh = jax.make_mesh((8,), (CH,))
    s = NamedSharding(mesh, P(None, CH))
    x = jax.random.normal(jax.random.key(30), (2, 16))
    return mesh, jax.device_put(x, s), jax.device_put(x * 0.5, s), jax.device_put(x * 0.0, s)
