"""k-effective estimators for MCSLAB (KEFF.F).

The collision estimator sums nu*Sigma_f*phi over zones and groups.  The
source strength of each history block is replicated over the group axis
(the input deck gives one strength per block), the group fluxes are split.
"""
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
    # collision estimator: k = sum(nu Sf phi) / sum(S)
    prod = jnp.sum(nusigf * phi)
    src = jnp.sum(strength)
    prod = jax.lax.psum(prod, (AXH, AXG))
    src = jax.lax.psum(src, (AXH, AXG))
    return prod / src


def inputs():
    keff_init()
    s = np.full((NHIST,), 1.0, np.float32)
    nsf = np.full((NHIST, 4), 0.0125, np.float32)
    phi = np.full((NHIST, 4), 5.0, np.float32)
    return s, nsf, phi


def main(s, nsf, phi):
    s = jax.device_put(s, NamedSharding(MESH, P(AXH)))
    nsf, phi = (jax.device_put(a, NamedSharding(MESH, P(AXH, AXG))) for a in (nsf, phi))
    k = jax.jit(jax.shard_map(keff, mesh=MESH, in_specs=(P(AXH), P(AXH, AXG), P(AXH, AXG)),
                              out_specs=P()))(s, nsf, phi)
    print(' KEFF (COLLISION) = %10.6f' % float(k))
    return k


if __name__ == "__main__":
    main(*inputs())
