"""Zou-He velocity inlet with a time-averaged inlet profile (INLET.F).

The inlet velocity profile u_in(y) is assembled from the y blocks inside
the time loop and the inlet volume flux is accumulated over the y blocks
before the BGK relaxation.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NSTEP = 4
TAU = 0.7
XB = 'xb'
YB = 'yb'
MESH = None


def inlet_init():
    global MESH
    MESH = jax.make_mesh((4, 2), (XB, YB))


def relax(rho, uin_rows):
    def body(istep, carry):
        r, acc = carry
        prof = jax.lax.all_gather(uin_rows, YB, tiled=True, to='reduced')
        qin = jax.lax.psum(jnp.sum(prof), YB)
        r = r - (r - 1.0) / TAU
        return r, acc + qin
    rho, acc = jax.lax.fori_loop(1, NSTEP + 1, body, (rho, jnp.zeros((), rho.dtype)))
    return rho


def inputs():
    inlet_init()
    y = np.linspace(0.0, 1.0, 16, dtype=np.float32)
    return np.full((32, 16), 1.02, np.float32), (4.0 * 0.05 * y * (1.0 - y)).astype(np.float32)


def main(rho, uin):
    rho = jax.device_put(rho, NamedSharding(MESH, P(XB, YB)))
    uin = jax.device_put(uin, NamedSharding(MESH, P(YB)))
    rho = jax.jit(jax.shard_map(relax, mesh=MESH, in_specs=(P(XB, YB), P(YB)),
                                out_specs=P(XB, YB)))(rho, uin)
    print(' RHO MEAN = %10.6f' % float(jnp.mean(rho)))
    return rho


if __name__ == "__main__":
    main(*inputs())
