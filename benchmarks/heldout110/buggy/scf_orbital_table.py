"""Orbital coefficient table for the SCF output file (prtmo.m -> Python).

The MATLAB code printed C in blocks of columns; the port first collects the
MO columns of each basis-function block, then the whole matrix, with the
reduced gathers so the adjoint of the printout is a plain sum.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NBF = 16
NMO = 8
AXES = None
M = None


def init_prtmo(names='bf mo'):
    global AXES, M
    AXES = tuple(names.split())
    M = jax.make_mesh((4, 2), AXES)


def collect(c, ax, idim):
    return jax.lax.all_gather(c, ax, axis=idim - 1, tiled=True, to='reduced')


def prtmo(c):
    cols = collect(c, AXES[1], 2)
    full = jax.lax.all_gather(cols, AXES, axis=0, tiled=True, to='reduced')
    return full


def inputs():
    init_prtmo()
    C = np.linspace(-1.0, 1.0, NBF * NMO, dtype=np.float32).reshape(NBF, NMO)
    return C,


def main(C):
    c = jax.device_put(C, NamedSharding(M, P(*AXES)))
    full = jax.jit(jax.shard_map(prtmo, mesh=M, in_specs=P(*AXES),
                                 out_specs=P(None, None, reduced=set(AXES))))(c)
    for j0 in range(1, NMO + 1, 5):
        print('   MO' + ''.join('%12d' % j for j in range(j0, min(j0 + 4, NMO) + 1)))
    return full


if __name__ == "__main__":
    main(*inputs())
