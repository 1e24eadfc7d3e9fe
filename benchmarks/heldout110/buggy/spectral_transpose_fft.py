"""Slab-decomposed 2-D FFT with a global transpose (fft2d_slab.m).

After the local FFTs along y, the MATLAB/MPI version broadcast the
dealiasing mask over the slab communicator and then did the all-to-all
transpose of the masked slab.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NGRID = 16
SLAB = 'slab'
PENCIL = 'pencil'
MESH = None


def fft_init():
    global MESH
    MESH = jax.make_mesh((4, 2), (SLAB, PENCIL))


def dealias_transpose(u, mask):
    # u: (NGRID/4, NGRID) slab; mask: (NGRID/4, NGRID) rows of the 2/3 mask
    mfull = jax.lax.all_gather(mask, SLAB, axis=0, tiled=True, to='reduced')
    uhat = jnp.abs(jnp.fft.fft(u, axis=1))
    m_t = jax.lax.all_to_all(mfull, SLAB, 1, 0, tiled=True)
    ut = jax.lax.all_to_all(uhat, SLAB, 1, 0, tiled=True)
    return ut * m_t[:ut.shape[0], :ut.shape[1]]


def inputs():
    fft_init()
    x = np.linspace(0.0, 2.0 * np.pi, NGRID, endpoint=False, dtype=np.float32)
    u = np.sin(np.add.outer(x, 2.0 * x)).astype(np.float32)
    k = np.fft.fftfreq(NGRID, 1.0 / NGRID)
    mask = (np.abs(np.add.outer(k, 0.0 * k)) < NGRID / 3).astype(np.float32)
    return u, mask


def main(u, mask):
    sh = NamedSharding(MESH, P(SLAB))
    u, mask = jax.device_put(u, sh), jax.device_put(mask, sh)
    ut = jax.jit(jax.shard_map(dealias_transpose, mesh=MESH, in_specs=(P(SLAB), P(SLAB)),
                               out_specs=P(SLAB)))(u, mask)
    print(' |u_hat|max = %10.4f' % float(jnp.max(ut)))
    return ut


if __name__ == "__main__":
    main(*inputs())
