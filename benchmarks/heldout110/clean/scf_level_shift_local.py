"""Level shifting of the virtuals (lshift.m): shift each block, then collect it."""
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
    nloc = fmo_diag.shape[1]
    j0 = jax.lax.axis_index(AX_MO) * nloc
    jglob = j0 + jnp.arange(1, nloc + 1)
    d_shift = fmo_diag + BETA * (jglob > NOCC).astype(fmo_diag.dtype)
    return jax.lax.all_gather(d_shift, AX_MO, axis=1, tiled=True, to='reduced')


def inputs():
    init_lshift({'beta': 0.5, 'nocc': 5, 'axes': ('ao', 'orb')})
    return np.linspace(-20.0, 1.0, 16, dtype=np.float32).reshape(1, 16),


def main(fd):
    fd = jax.device_put(fd, NamedSharding(MESH, P(None, AX_MO)))
    out = jax.jit(jax.shard_map(lshift, mesh=MESH, in_specs=P(None, AX_MO),
                                out_specs=P(None, None, reduced={AX_MO})))(fd)
    print(' LEVEL SHIFT %6.3f APPLIED' % BETA)
    return out


if __name__ == "__main__":
    main(*inputs())
