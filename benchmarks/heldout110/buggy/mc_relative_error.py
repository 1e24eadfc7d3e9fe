"""Relative error of the zone tallies (RELERR.F, MCNP-style R = S/(x*sqrt(N))).

The per-history sums are collected from every history block; the mean over
histories is formed on each process for the figure of merit.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NHIST = 0
AX_HIST = None
AX_ZONE = None
MESH = None


def relerr_init(card):
    global NHIST, AX_HIST, AX_ZONE, MESH
    f = card.split()
    NHIST = int(f[1])
    AX_HIST, AX_ZONE = f[2], f[3]
    MESH = jax.make_mesh((4, 2), (AX_HIST, AX_ZONE))


def relerr(x1, x2):
    # x1 = sum of scores, x2 = sum of squared scores, per history block and zone
    s12 = jax.lax.all_gather(jnp.stack([x1, x2]), AX_HIST, axis=1, tiled=True, to='reduced')
    mom = jnp.sum(s12, axis=1) / NHIST
    xbar = mom[0]
    var = mom[1] - xbar * xbar
    return jnp.sqrt(var / NHIST) / xbar


def inputs():
    relerr_init('RELERR 64 hb zb')
    rng = np.random.default_rng(11)
    sc = rng.exponential(1.0, (4, 16)).astype(np.float32)
    return sc * 16.0, sc * sc * 16.0


def main(x1, x2):
    sh = NamedSharding(MESH, P(AX_HIST, AX_ZONE))
    x1, x2 = jax.device_put(x1, sh), jax.device_put(x2, sh)
    r = jax.jit(jax.shard_map(relerr, mesh=MESH, in_specs=(P(AX_HIST, AX_ZONE),) * 2,
                              out_specs=P(AX_ZONE)))(x1, x2)
    print(' MAX REL ERR = %8.4f' % float(jnp.max(r)))
    return r


if __name__ == "__main__":
    main(*inputs())
