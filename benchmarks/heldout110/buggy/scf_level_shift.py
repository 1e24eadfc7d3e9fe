"""Level shifting of the virtual orbitals (Saunders-Hillier), lshift.m.

The diagonal of the MO-basis Fock matrix is collected over the orbital
blocks and the virtual block is raised by the shift parameter BETA.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BETA = 0.0
NOCC = 0
AX_AO = None
AX_MO = None
MESH = None


def init_lshift(params):
    global BETA, NOCC, AX_AO, AX_MO, MESH
    BETA = params['beta']
    NOCC = params['nocc']
    AX_AO, AX_MO = params['axes']
    MESH = jax.make_mesh((4, 2), (AX_AO, AX_MO))


def lshift(fmo_diag):
    # fmo_diag: (1, nmo/2) block of diag(C'*F*C); rows replicated over AX_AO
    d = jax.lax.all_gather(fmo_diag, AX_MO, axis=1, tiled=True, to='reduced')
    nmo = d.shape[1]
    mask = (jnp.arange(1, nmo + 1) > NOCC).astype(d.dtype)
    d_shift = d + BETA * mask
    return d_shift


def inputs():
    init_lshift({'beta': 0.5, 'nocc': 5, 'axes': ('ao', 'orb')})
    return np.linspace(-20.0, 1.0, 16, dtype=np.float32).reshape(1, 16),


def main(fd):
    fd = jax.device_put(fd, NamedSharding(MESH, P(None, AX_MO)))
    out = jax.jit(jax.shard_map(lshift, mesh=MESH, in_specs=P(None, AX_MO),
                                out_specs=P(None, None, reduced={AX_MO})))(fd)
    print(' LEVEL SHIFT %6.3f APPLIED TO %d VIRTUALS' % (BETA, 16 - NOCC))
    return out


if __name__ == "__main__":
    main(*inputs())
