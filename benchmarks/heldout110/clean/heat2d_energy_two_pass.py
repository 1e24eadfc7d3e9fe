"""HEAT2D energy budget (ENERGY.F), the two reductions done one axis at a time."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RHO = 0.0
CP = 0.0
MESH = None
AXES = ()


def init_phys(rho, cp, axes=('x', 'y')):
    global RHO, CP, MESH, AXES
    RHO, CP = rho, cp
    AXES = tuple(axes)
    MESH = jax.make_mesh((4, 2), AXES)


def sumj(t, dy):
    s = dy * (jnp.sum(t, axis=1) - 0.5 * (t[:, 0] + t[:, -1]))
    return jax.lax.psum(s, AXES[1])


def energy(t, dx, dy):
    colsum = sumj(t, dy)
    e = RHO * CP * dx * jnp.sum(colsum)
    return jax.lax.psum(e, AXES[0])


def budget(t, dx, dy, nstep, nprint):
    e0 = None
    for n in range(1, nstep + 1):
        t = t + 0.05 * (jnp.roll(t, 1, axis=0) + jnp.roll(t, -1, axis=0) - 2.0 * t)
        if n % nprint == 0 or n == 1:
            e = energy(t, dx, dy)
            e0 = e if e0 is None else e0
    return t, e - e0


def inputs():
    init_phys(7800.0, 460.0)
    return np.linspace(280.0, 320.0, 32 * 16, dtype=np.float32).reshape(32, 16), 1.0 / 31, 1.0 / 15


def main(t0, dx, dy):
    t = jax.device_put(t0, NamedSharding(MESH, P(*AXES)))
    f = jax.jit(jax.shard_map(lambda a: budget(a, dx, dy, 4, 2), mesh=MESH,
                              in_specs=P(*AXES), out_specs=(P(*AXES), P())))
    t, de = f(t)
    print(' ENERGY DRIFT = %14.6E J' % float(de))
    return t


if __name__ == "__main__":
    main(*inputs())
