"""HEAT2D energy budget check (ENERGY.F).

Integrates rho*cp*T over the domain every NPRINT steps and compares it to
the initial content.  The integral is done in two passes like the Fortran:
first along J inside SUMJ (which did its own MPI_ALLREDUCE on the column
communicator), then over the whole process grid.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# COMMON /PHYS/ RHO, CP    COMMON /DECOMP/ MESH, AXES
RHO = 0.0
CP = 0.0
MESH = None
AXES = ()


def init_phys(rho, cp, axes=('x', 'y')):
    global RHO, CP, MESH, AXES
    RHO = rho
    CP = cp
    AXES = tuple(axes)
    MESH = jax.make_mesh((4, 2), AXES)


def sumj(t, dy):
    # FUNCTION SUMJ(T, DY): trapezoidal sum over J on this column block
    s = dy * (jnp.sum(t, axis=1) - 0.5 * (t[:, 0] + t[:, -1]))
    return jax.lax.psum(s, AXES[1])


def energy(t, dx, dy):
    colsum = sumj(t, dy)
    e = RHO * CP * dx * jnp.sum(colsum)
    return jax.lax.psum(e, AXES)


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
