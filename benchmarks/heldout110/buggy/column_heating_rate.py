"""Longwave heating rates for the single-column model (SCM).

Ported from the Fortran 90 module mo_lwrad.f90.  The MODULE variables
(ncol, nlev, axis names, physical constants) are set in lwrad_init().
Columns are split over 'col', model levels over 'lev'.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# MODULE mo_lwrad
ncol = 0
nlev = 0
grav = 9.80665
cpd = 1004.64
ax_col = 'col'
ax_lev = 'lev'
mesh = None


def lwrad_init(kcol, klev):
    global ncol, nlev, mesh
    ncol, nlev = kcol, klev
    mesh = jax.make_mesh((4, 2), (ax_col, ax_lev))


def lw_heating(flux_dn, flux_up, dp):
    # SUBROUTINE lw_heating(pflxd, pflxu, pdp, ptte, pcolnet)
    net = flux_dn - flux_up
    ptte = grav / cpd * net / dp
    colnet = jax.lax.psum(jnp.sum(net * dp, axis=1), ax_lev)
    pcolnet = jax.lax.all_gather(colnet, ax_lev, tiled=False, to='reduced')
    return ptte, pcolnet


def inputs():
    lwrad_init(16, 8)
    p = np.linspace(100.0, 1000.0, nlev, dtype=np.float32)
    fd = np.tile(250.0 * p / 1000.0, (ncol, 1)).astype(np.float32)
    fu = np.tile(300.0 - 40.0 * p / 1000.0, (ncol, 1)).astype(np.float32)
    dp = np.full((ncol, nlev), 112.5e2, np.float32)
    return fd, fu, dp


def main(fd, fu, dp):
    sh = NamedSharding(mesh, P(ax_col, ax_lev))
    fd, fu, dp = (jax.device_put(a, sh) for a in (fd, fu, dp))
    kern = jax.shard_map(lw_heating, mesh=mesh, in_specs=(P(ax_col, ax_lev),) * 3,
                         out_specs=(P(ax_col, ax_lev), P(None, ax_col, reduced={ax_lev})))
    tte, colnet = jax.jit(kern)(fd, fu, dp)
    print(' lw_heating: max |dT/dt| = %10.4e K/s' % float(jnp.max(jnp.abs(tte))))
    return tte


if __name__ == "__main__":
    main(*inputs())
