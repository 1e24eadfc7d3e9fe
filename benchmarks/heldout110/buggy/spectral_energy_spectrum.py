"""Pseudo-spectral 2-D turbulence: kinetic energy spectrum E(kx).

Translated from the MATLAB script ns2d_spec.m (after Trefethen's "Spectral
Methods in MATLAB", ch. 8).  Fourier coefficients uh(kx, ky) are split
over 'kx' and 'ky'; globals replace the script's workspace variables.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N = 0
L = 0.0
kx_ax = 'kx'
ky_ax = 'ky'
mesh = None


def setup(n, lbox):
    global N, L, mesh
    N, L = n, lbox
    mesh = jax.make_mesh((4, 2), (kx_ax, ky_ax))


def meshgrid(a, b):
    A, B = np.meshgrid(a, b, indexing='ij')
    return A.astype(np.float32), B.astype(np.float32)


def spectrum(uh_re, uh_im):
    # Ek = 0.5*sum(abs(uh).^2, 2);   then every ky block keeps a copy of Ek
    e2 = 0.5 * (uh_re ** 2 + uh_im ** 2)
    Ek = jax.lax.psum(jnp.sum(e2, axis=1), ky_ax)
    Ek_copies = jax.lax.all_gather(Ek, ky_ax, to='reduced')
    return Ek, Ek_copies


def inputs():
    setup(32, 2.0 * np.pi)
    k = np.fft.fftfreq(N, 1.0 / N)
    KX, KY = meshgrid(k, k[:16])
    amp = np.exp(-0.1 * (KX ** 2 + KY ** 2)).astype(np.float32)
    return amp, 0.5 * amp


def main(uh_re, uh_im):
    sh = NamedSharding(mesh, P(kx_ax, ky_ax))
    uh_re, uh_im = jax.device_put(uh_re, sh), jax.device_put(uh_im, sh)
    Ek, _ = jax.jit(jax.shard_map(spectrum, mesh=mesh, in_specs=(P(kx_ax, ky_ax),) * 2,
                                  out_specs=(P(kx_ax), P(None, kx_ax, reduced={ky_ax}))))(uh_re, uh_im)
    for i in range(1, 6):
        print('k = %3d   E(k) = %12.4e' % (i - 1, float(np.asarray(Ek)[i - 1])))
    return Ek


if __name__ == "__main__":
    main(*inputs())
