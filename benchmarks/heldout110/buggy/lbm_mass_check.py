"""Total mass monitor for LBM2D (MASCHK.F).

The density of the outlet column block is first made identical on all x
blocks (the invariant gather replaces the Fortran MPI_ALLGATHER), then the
total mass is summed over the whole processor grid.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PGX = 'gx'
PGY = 'gy'
MESH = None
MASS0 = 512.0


def maschk_init():
    global MESH
    MESH = jax.make_mesh((4, 2), (PGX, PGY))


def maschk(f):
    rho = jnp.sum(f, axis=0)
    outlet = jax.lax.all_gather(rho[-1:, :], PGX, axis=0, tiled=True, to='invarying')
    m_out = jnp.sum(outlet)
    m_tot = jax.lax.psum(m_out, (PGX, PGY))
    return m_tot


def inputs():
    maschk_init()
    return np.full((9, 32, 16), 1.0 / 9.0, np.float32),


def main(f):
    f = jax.device_put(f, NamedSharding(MESH, P(None, PGX, PGY)))
    m = jax.jit(jax.shard_map(maschk, mesh=MESH, in_specs=P(None, PGX, PGY), out_specs=P()))(f)
    print(' MASCHK: OUTLET MASS = %12.5E  (REF %8.1f)' % (float(m), MASS0))
    return m


if __name__ == "__main__":
    main(*inputs())
