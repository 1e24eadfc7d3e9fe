"""BGK collision with a globally normalised reference density (COLLIDE.F).

The density profile across the channel is joined from the y blocks; the
Fortran then divided by its mean so that rho0 = 1 on every process.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXX = None
AXY = None
MESH = None

CARD = "&collide axx='cx', axy='cy' /"


def collide_init(card):
    global AXX, AXY, MESH
    body = card[card.index(' '):card.rindex('/')]
    opts = {k.strip(): v.strip().strip("'") for k, v in (p.split('=') for p in body.split(','))}
    AXX, AXY = opts['axx'], opts['axy']
    MESH = jax.make_mesh((4, 2), (AXX, AXY))


def collide(rho_row):
    # rho_row: (1, ny/2) channel profile of this block's first row
    prof = jax.lax.all_gather(rho_row, AXY, axis=1, tiled=True, to='reduced')
    rho0 = jnp.mean(prof, axis=1)
    return prof, rho0


def inputs():
    collide_init(CARD)
    return np.linspace(0.98, 1.02, 4 * 16, dtype=np.float32).reshape(4, 16),


def main(rho):
    rho = jax.device_put(rho, NamedSharding(MESH, P(AXX, AXY)))
    prof, rho0 = jax.jit(jax.shard_map(collide, mesh=MESH, in_specs=P(AXX, AXY),
                                       out_specs=(P(AXX, None, reduced={AXY}), P(AXX))))(rho)
    print(' COLLIDE: RHO0 = %10.6f' % float(np.asarray(rho0)[0]))
    return prof


if __name__ == "__main__":
    main(*inputs())
