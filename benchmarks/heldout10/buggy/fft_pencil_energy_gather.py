"""Pencil-decomposed 2-D FFT of a batch of fields: FFT along the local axis, transpose with
all_to_all, FFT along the other axis; the spectral energy is a diagnostic."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N = 16
PENCIL, BATCH = "x", "y"


def inputs():
    rng = np.random.default_rng(4)
    return (rng.normal(size=(4, N, N)).astype(np.float32),)


def fft2_pencil(u):
    uh = jnp.fft.fft(u, axis=2)
    uh = jax.lax.all_to_all(uh, PENCIL, split_axis=2, concat_axis=1, tiled=True)
    return jnp.fft.fft(uh, axis=1)


def spectral_energy(u):
    uh = fft2_pencil(u)
    power = jnp.abs(uh) ** 2 / N ** 2
    energy = jax.lax.psum(power.sum(axis=(1, 2)), PENCIL)
    per_pencil = jax.lax.all_gather(energy, PENCIL, to="reduced")
    return per_pencil


def main(u):
    mesh = jax.make_mesh((4, 2), (PENCIL, BATCH))
    u = jax.device_put(u, NamedSharding(mesh, P(BATCH, PENCIL, None)))
    fn = jax.jit(jax.shard_map(spectral_energy, mesh=mesh, in_specs=P(BATCH, PENCIL, None),
                               out_specs=P(None, BATCH, reduced={PENCIL})))
    return fn(u)
