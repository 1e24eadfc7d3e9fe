"""Pseudo-spectral 2-D turbulence: shell-averaged energy spectrum for the run log."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SpectralSolver:
    def __init__(self, n=32, nu=1e-3, kx_axis="kx", ky_axis="ky"):
        self.n, self.nu = n, nu
        self._axes = (kx_axis, ky_axis)

    @property
    def axes(self):
        return self._axes

    @property
    def ky_axis(self):
        return self._axes[1]

    def spectrum(self, uhat):
        e = 0.5 * jnp.abs(uhat) ** 2
        shells = jax.lax.psum(e.sum(axis=1), self.ky_axis)
        return jax.lax.all_gather(shells, self.axes[0], to="reduced", tiled=True)


def main(uhat):
    solver = SpectralSolver()
    mesh = jax.make_mesh((2, 4), solver.axes)
    uhat = jax.device_put(uhat, NamedSharding(mesh, P(*solver.axes)))
    f = jax.shard_map(solver.spectrum, mesh=mesh, in_specs=P(*solver.axes),
                      out_specs=P(None, reduced={solver.axes[0]}))
    return jax.jit(f)(uhat)


def inputs():
    rng = np.random.default_rng(50)
    return (rng.standard_normal((32, 32)).astype(np.float32),)
