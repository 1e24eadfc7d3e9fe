"""Domain-mean surface precipitation of the SCM ensemble (precip_diag.f90).

precip(ncol, nlev) holds the level contributions; SUBROUTINE vsum does the
vertical sum on the level communicator, then the domain mean is taken over
the whole processor grid with an MPI_ALLREDUCE / nproc.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

nproma = 16
klev = 8
grid_axes = ('cols', 'levs')
grid = None


def precip_init():
    global grid
    grid = jax.make_mesh((4, 2), grid_axes)


def vsum(field):
    return jax.lax.psum(jnp.sum(field, axis=1), grid_axes[1])


def precip_diag(prec, nsteps):
    total = jnp.zeros((prec.shape[0],), prec.dtype)
    for jstep in range(1, nsteps + 1):
        total = total + vsum(prec) / nsteps
    sfc = jnp.mean(total)
    return jax.lax.pmean(sfc, grid_axes)


def inputs():
    precip_init()
    return np.full((nproma, klev), 2.5e-5, np.float32), 3


def main(prec, nsteps):
    prec = jax.device_put(prec, NamedSharding(grid, P(*grid_axes)))
    pm = jax.jit(jax.shard_map(lambda p: precip_diag(p, nsteps), mesh=grid,
                               in_specs=P(*grid_axes), out_specs=P()))(prec)
    print(' mean precip = %12.5e kg/m2/s' % float(pm))
    return pm


if __name__ == "__main__":
    main(*inputs())
