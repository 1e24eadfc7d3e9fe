"""Element strain energies (stren.f90): summed over the Gauss blocks, then
scattered over the element blocks only."""
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
    return jax.lax.psum_scatter(ue, GAXES[0], tiled=True)


def inputs():
    stren_init()
    return np.linspace(0.5, 1.0, 32, dtype=np.float32), np.full((4,), 1.0e-4, np.float32)


def main(lam, eps_ref):
    lam = jax.device_put(lam, NamedSharding(MESH, P(GAXES[0])))
    eps_ref = jax.device_put(eps_ref, NamedSharding(MESH, P(GAXES[1])))
    tot = jax.jit(jax.shard_map(stren, mesh=MESH, in_specs=(P(GAXES[0]), P(GAXES[1])),
                                out_specs=P(GAXES[0])))(lam, eps_ref)
    print(' STRAIN ENERGY = %12.5E J' % float(jnp.sum(tot)))
    return tot


if __name__ == "__main__":
    main(*inputs())
