"""Relative error of the zone tallies (RELERR.F): the scores are scaled by
1/NHIST on each history block before they are collected."""
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
    s12 = jax.lax.all_gather(jnp.stack([x1, x2]) / NHIST, AX_HIST, axis=1, tiled=True, to='reduced')
    mom = jnp.sum(s12, axis=1)
    return mom


def inputs():
    relerr_init('RELERR 64 hb zb')
    rng = np.random.default_rng(11)
    sc = rng.exponential(1.0, (4, 16)).astype(np.float32)
    return sc * 16.0, sc * sc * 16.0


def main(x1, x2):
    sh = NamedSharding(MESH, P(AX_HIST, AX_ZONE))
    x1, x2 = jax.device_put(x1, sh), jax.device_put(x2, sh)
    mom = jax.jit(jax.shard_map(relerr, mesh=MESH, in_specs=(P(AX_HIST, AX_ZONE),) * 2,
                                out_specs=P(None, AX_ZONE, reduced={AX_HIST})))(x1, x2)
    m = np.asarray(mom)
    r = np.sqrt((m[1] - m[0] ** 2) / NHIST) / m[0]
    print(' MAX REL ERR = %8.4f' % float(np.max(r)))
    return mom


if __name__ == "__main__":
    main(*inputs())
