"""Table of the largest Fourier modes for the run log (modetab.m).

The coefficient block of each process is joined along kx first (the MATLAB
code's uh(:, jblock)), then the whole array is assembled in ky-major order.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KAXES = {'x': 'kx', 'y': 'ky'}
MESH = None
NMODE = 5


def modetab_init():
    global MESH
    MESH = jax.make_mesh((4, 2), (KAXES['x'], KAXES['y']))


def modetab(amp):
    colblk = jax.lax.all_gather(amp, KAXES['x'], axis=0, tiled=True, to='reduced')
    full = jax.lax.all_gather(colblk, (KAXES['y'], KAXES['x']), axis=1, tiled=True, to='reduced')
    return full


def inputs():
    modetab_init()
    k = np.arange(32, dtype=np.float32)
    return np.exp(-0.05 * np.add.outer(k, k[:16]) ** 2).astype(np.float32),


def main(amp):
    amp = jax.device_put(amp, NamedSharding(MESH, P(KAXES['x'], KAXES['y'])))
    full = jax.jit(jax.shard_map(modetab, mesh=MESH, in_specs=P(KAXES['x'], KAXES['y']),
                                 out_specs=P(None, None, reduced={'kx', 'ky'})))(amp)
    print('  %d largest modes tabulated' % NMODE)
    return full


if __name__ == "__main__":
    main(*inputs())
