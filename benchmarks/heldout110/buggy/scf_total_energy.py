"""RHF total energy, E = 1/2 sum(D .* (H + F)) + Enuc  (energy.m).

D, H and F are split by rows over 'bf' and by columns over 'mo' (the column
split of the old ScaLAPACK layout).  SUBROUTINE ROWSUM did the column
communicator reduction itself; ETOT then sums over the whole grid.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ENUC = 0.0
GRIDAX = ('bf', 'mo')
MESH = None


def init_energy(enuc):
    global ENUC, MESH
    ENUC = enuc
    MESH = jax.make_mesh((4, 2), GRIDAX)


def rowsum(a):
    return jax.lax.psum(jnp.sum(a, axis=1), GRIDAX[1])


def etot(D, H, F):
    r = rowsum(D * (H + F))
    e_el = 0.5 * jax.lax.psum(jnp.sum(r), GRIDAX)
    return e_el + ENUC


def inputs():
    init_energy(9.1681)
    n = 16
    H = -np.eye(n, dtype=np.float32) * 2.0
    F = H + 0.1
    D = np.eye(n, dtype=np.float32)
    return D, H, F


def main(D, H, F):
    sh = NamedSharding(MESH, P(*GRIDAX))
    D, H, F = (jax.device_put(a, sh) for a in (D, H, F))
    E = jax.jit(jax.shard_map(etot, mesh=MESH, in_specs=(P(*GRIDAX),) * 3, out_specs=P()))(D, H, F)
    print('  TOTAL ENERGY = %18.10f HARTREE' % float(E))
    return E


if __name__ == "__main__":
    main(*inputs())
