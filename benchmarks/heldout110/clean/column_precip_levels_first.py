"""Domain-mean precipitation (precip_diag.f90): vertical sum, then the mean
over the column blocks only (the level blocks already agree)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

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
    return jax.lax.pmean(jnp.mean(total), grid_axes[0])


def inputs():
    precip_init()
    return np.full((16, 8), 2.5e-5, np.float32), 3


def main(prec, nsteps):
    prec = jax.device_put(prec, NamedSharding(grid, P(*grid_axes)))
    pm = jax.jit(jax.shard_map(lambda p: precip_diag(p, nsteps), mesh=grid,
                               in_specs=P(*grid_axes), out_specs=P()))(prec)
    print(' mean precip = %12.5e kg/m2/s' % float(pm))
    return pm


if __name__ == "__main__":
    main(*inputs())
