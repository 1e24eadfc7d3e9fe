"""Debug dump of the assembled element stiffness blocks (dbgstf.f90).

ke(nel, ndof*ndof): element rows over 'elem', matrix entries over 'ent'.
The entries of an element block are joined first, then all elements,
mirroring the two MPI_GATHER calls of the Fortran debug routine.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NEL = 16
NENT = 16
ELEM = 'elem'
ENT = 'ent'
MESH = None


def dbg_init():
    global MESH
    MESH = jax.make_mesh((4, 2), (ELEM, ENT))


def gather_block(a, axis_names, dim):
    return jax.lax.all_gather(a, axis_names, axis=dim, tiled=True, to='reduced')


def dbgstf(ke):
    rows = gather_block(ke, ENT, 1)
    allk = gather_block(rows, (ELEM, ENT), 0)
    return allk


def inputs():
    dbg_init()
    k = np.array([[1.0, -1.0], [-1.0, 1.0]], np.float32)
    ke = np.tile(np.kron(k, k).reshape(1, NENT), (NEL, 1)).astype(np.float32)
    return ke,


def main(ke):
    ke = jax.device_put(ke, NamedSharding(MESH, P(ELEM, ENT)))
    allk = jax.jit(jax.shard_map(dbgstf, mesh=MESH, in_specs=P(ELEM, ENT),
                                 out_specs=P(None, None, reduced={ELEM, ENT})))(ke)
    print(' DBGSTF: %d x %d' % (NEL, NENT))
    return allk


if __name__ == "__main__":
    main(*inputs())
