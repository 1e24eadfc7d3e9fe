"""MCSLAB -- one-speed-per-group Monte Carlo transport in a 1-D slab.

Converted from the Fortran 77 code MCSLAB.F (reactor physics lab, 1988).
COMMON /TALLY/ and /GEOM/ are module globals; INITMC reads the input deck.
Particle histories are split over 'hist', energy groups over 'grp'.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# COMMON /GEOM/ NZ, THICK      COMMON /TALLY/ NHIST, NGRP
NZ = 0
THICK = 0.0
NHIST = 0
NGRP = 0
IHIST = 'hist'
IGRP = 'grp'
MESH = None

DECK = """\
MCSLAB TEST DECK
NZ      16
THICK   10.0
NHIST   64
NGRP    4
"""


def initmc(deck):
    global NZ, THICK, NHIST, NGRP, MESH
    card = {}
    for line in deck.splitlines()[1:]:
        key, val = line.split()
        card[key] = val
    NZ = int(card['NZ'])
    THICK = float(card['THICK'])
    NHIST = int(card['NHIST'])
    NGRP = int(card['NGRP'])
    MESH = jax.make_mesh((4, 2), (IHIST, IGRP))


def track(key, sigt):
    # SUBROUTINE TRACK: straight-line flights, track-length estimator per zone
    nloc = NHIST // 4
    k1, k2 = jax.random.split(key)
    x0 = jax.random.uniform(k1, (nloc, 1)) * THICK
    ell = -jnp.log(jax.random.uniform(k2, (nloc, sigt.shape[0]))) / sigt[None, :]
    dz = THICK / NZ
    zc = (jnp.arange(1, NZ + 1) - 0.5) * dz
    inside = (jnp.abs(zc[None, :, None] - x0[:, :, None]) < ell[:, None, :]).astype(jnp.float32)
    return jnp.sum(inside, axis=0) * dz


def flux(keys, sigt):
    key = keys[0]
    tl = track(key, sigt)
    phi = jax.lax.psum(tl, IHIST) / NHIST
    phi_batches = jax.lax.all_gather(phi, IHIST, to='reduced')
    return phi, phi_batches


def inputs():
    initmc(DECK)
    keys = jax.random.split(jax.random.key(1988), 4)
    sigt = np.array([0.3, 0.6, 1.1, 2.0], np.float32)
    return keys, sigt


def main(keys, sigt):
    keys = jax.device_put(keys, NamedSharding(MESH, P(IHIST)))
    sigt = jax.device_put(sigt, NamedSharding(MESH, P(IGRP)))
    f = jax.shard_map(flux, mesh=MESH, in_specs=(P(IHIST), P(IGRP)),
                      out_specs=(P(None, IGRP), P(None, None, IGRP, reduced={IHIST})))
    phi, batches = jax.jit(f)(keys, sigt)
    print(' ZONE   PHI(G=1)')
    for iz in range(1, NZ + 1, 4):
        print(' %4d %12.5E' % (iz, float(np.asarray(phi)[iz - 1, 0])))
    return phi


if __name__ == "__main__":
    main(*inputs())
