"""Conformer-style audio encoder: spectrogram frames over 'frames', a logging gather helper."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

FRAMES = "frames"
mesh = jax.make_mesh((8,), (FRAMES,))

gather_frames = functools.partial(jax.lax.all_gather, axis_name=FRAMES, tiled=True)


def conv_module(x, kernel):
    return jax.nn.silu(jnp.einsum("tf,fg->tg", x, kernel))


def encoder(spec, kernel):
    h = conv_module(spec, kernel)
    context = gather_frames(h, to="reduced")
    summary = gather_frames(context, to="invarying")
    return h, summary


def inputs():
    spec = jnp.abs(jnp.sin(jnp.arange(64 * 8, dtype=jnp.float32))).reshape(64, 8)
    kernel = jnp.eye(8)
    return (jax.device_put(spec, NamedSharding(mesh, P(FRAMES))),
            jax.device_put(kernel, NamedSharding(mesh, P())))


def main(spec, kernel):
    f = jax.shard_map(encoder, mesh=mesh, in_specs=(P(FRAMES), P()),
                      out_specs=(P(FRAMES), P()))
    return f(spec, kernel)
