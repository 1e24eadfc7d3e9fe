"""k-effective collision estimator (KEFF.F): the source strength, given per
history block, is summed over the history blocks only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXH = 'hblk'
AXG = 'gblk'
MESH = None
NHIST = 64


def keff_init():
    global MESH
    MESH = jax.make_mesh((4, 2), (AXH, AXG))


def keff(strength, nusigf, phi):
    prod = jax.lax.psum(jnp.sum(nusigf * phi), (AXH, AXG))
    src = jax.lax.psum(jnp.sum(strength), AXH)
    return prod / src


def inputs():
    keff_init()
    return (np.full((NHIST,), 1.0, np.float32), np.full((NHIST, 4), 0.0125, np.float32),
            np.full((NHIST, 4), 5.0, np.float32))


def main(s, nsf, phi):
    s = jax.device_put(s, NamedSharding(MESH, P(AXH)))
    nsf, phi = (jax.device_put(a, NamedSharding(MESH, P(AXH, AXG))) for a in (nsf, phi))
    k = jax.jit(jax.shard_map(keff, mesh=MESH, in_specs=(P(AXH), P(AXH, AXG), P(AXH, AXG)),
                              out_specs=P()))(s, nsf, phi)
    print(' KEFF (COLLISION) = %10.6f' % float(k))
    return k


if __name__ == "__main__":
    main(*inputs())
