"""RHF total energy (energy.m); ROWSUM's result is cast back before the grid sum.

The old code summed the replicated column copies too (a factor NPCOL that
the caller divides out), so the cast keeps that meaning.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ENUC = 0.0
GRIDAX = ('bf', 'mo')
NPCOL = 2
MESH = None


def init_energy(enuc):
    global ENUC, MESH
    ENUC = enuc
    MESH = jax.make_mesh((4, NPCOL), GRIDAX)


def rowsum(a):
    return jax.lax.psum(jnp.sum(a, axis=1), GRIDAX[1])


def etot(D, H, F):
    r = rowsum(D * (H + F))
    r = jax.lax.pcast(jnp.sum(r), GRIDAX[1], to='varying')
    e_el = 0.5 * jax.lax.psum(r, GRIDAX) / NPCOL
    return e_el + ENUC


def inputs():
    init_energy(9.1681)
    H = -np.eye(16, dtype=np.float32) * 2.0
    return np.eye(16, dtype=np.float32), H, H + 0.1


def main(D, H, F):
    sh = NamedSharding(MESH, P(*GRIDAX))
    D, H, F = (jax.device_put(a, sh) for a in (D, H, F))
    E = jax.jit(jax.shard_map(etot, mesh=MESH, in_specs=(P(*GRIDAX),) * 3, out_specs=P()))(D, H, F)
    print('  TOTAL ENERGY = %18.10f HARTREE' % float(E))
    return E


if __name__ == "__main__":
    main(*inputs())
