"""LBM2D mass monitor (MASCHK.F) with the outlet rows gathered as copies
that still differ between processes, summed over the whole grid."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PGX = 'gx'
PGY = 'gy'
MESH = None


def maschk_init():
    global MESH
    MESH = jax.make_mesh((4, 2), (PGX, PGY))


def maschk(f):
    rho = jnp.sum(f, axis=0)
    outlet = jax.lax.all_gather(rho[-1:, :], PGX, axis=0, tiled=True)
    m_loc = jnp.sum(outlet) / 4.0
    return jax.lax.psum(m_loc, (PGX, PGY))


def inputs():
    maschk_init()
    return np.full((9, 32, 16), 1.0 / 9.0, np.float32),


def main(f):
    f = jax.device_put(f, NamedSharding(MESH, P(None, PGX, PGY)))
    m = jax.jit(jax.shard_map(maschk, mesh=MESH, in_specs=P(None, PGX, PGY), out_specs=P()))(f)
    print(' MASCHK: OUTLET MASS = %12.5E' % float(m))
    return m


if __name__ == "__main__":
    main(*inputs())
