"""Vorticity snapshots for the 2-D turbulence runs (wrsnap.m).

The vorticity comes out of the jitted time step already laid out in
x-slabs; the snapshot writer gathers the slabs in the global view and keeps
the columns distributed as the MATLAB pencil code did.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

NX = 32
NY = 16
XS = 'xs'
YS = 'ys'
MESH = None
SNAPS = {}


def snap_init():
    global MESH
    MESH = jax.make_mesh((4, 2), (XS, YS))


def build_step(dt, nu):
    def step(w):
        wh = jnp.fft.fft2(w)
        kx = jnp.fft.fftfreq(NX, 1.0 / NX)[:, None]
        ky = jnp.fft.fftfreq(NY, 1.0 / NY)[None, :]
        wh = wh * jnp.exp(-nu * dt * (kx ** 2 + ky ** 2))
        return jnp.real(jnp.fft.ifft2(wh)).astype(w.dtype)
    return jax.jit(step, out_shardings=NamedSharding(MESH, P(XS, None)))


def wrsnap(w, it):
    SNAPS[it] = top_level_all_gather(w, P(None, None))
    return SNAPS[it]


def inputs():
    snap_init()
    x = np.linspace(0, 2 * np.pi, NX, endpoint=False, dtype=np.float32)
    y = np.linspace(0, 2 * np.pi, NY, endpoint=False, dtype=np.float32)
    return np.cos(np.add.outer(x, y)).astype(np.float32), 1.0e-2, 1.0e-3


def main(w0, dt, nu):
    with jax.set_mesh(MESH):
        step = build_step(dt, nu)
        w = jax.device_put(w0, NamedSharding(MESH, P(XS, None)))
        for it in range(1, 4):
            w = step(w)
            if it % 3 == 0:
                wrsnap(w, it)
    return w


if __name__ == "__main__":
    main(*inputs())
