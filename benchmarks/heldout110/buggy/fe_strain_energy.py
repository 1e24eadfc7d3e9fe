"""Element strain energies and their scatter to the element blocks (stren.f90).

U_e = 1/2 * E * A * L * eps_e^2.  The load factor is one per element block
(replicated over the integration-point axis); the energies are summed over
the processor grid and scattered back in blocks for the error estimator.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

E_MOD = 70.0e9
AREA = 2.0e-4
LEN_E = 0.05
GAXES = ('eblk', 'gauss')
MESH = None


def stren_init():
    global MESH
    MESH = jax.make_mesh((4, 2), GAXES)


def stren(lam, eps_ref):
    eps = lam[:, None] * eps_ref[None, :]
    ue = 0.5 * E_MOD * AREA * LEN_E * jnp.sum(eps * eps, axis=1)
    ue = jax.lax.psum(ue, GAXES[1])
    tot = jax.lax.psum_scatter(ue, GAXES, tiled=True)
    return tot


def inputs():
    stren_init()
    lam = np.linspace(0.5, 1.0, 32, dtype=np.float32)
    eps_ref = np.full((4,), 1.0e-4, np.float32)
    return lam, eps_ref


def main(lam, eps_ref):
    lam = jax.device_put(lam, NamedSharding(MESH, P(GAXES[0])))
    eps_ref = jax.device_put(eps_ref, NamedSharding(MESH, P(GAXES[1])))
    tot = jax.jit(jax.shard_map(stren, mesh=MESH, in_specs=(P(GAXES[0]), P(GAXES[1])),
                                out_specs=P(GAXES)))(lam, eps_ref)
    print(' STRAIN ENERGY = %12.5E J' % float(jnp.sum(tot)))
    return tot


if __name__ == "__main__":
    main(*inputs())
