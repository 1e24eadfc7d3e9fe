"""CFL monitor for the pseudo-spectral solver (cflmon.m).

The velocity magnitude is computed on each physical-space block; the
advective time-step limit uses the domain-averaged maximum speed.  The
grid spacing table is replicated (one row per x block).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = None
DT = 0.0


def cfl_init(dt):
    global MESH, DT
    DT = dt
    MESH = jax.make_mesh((4, 2), ('px', 'py'))


def cflmon(u, v, dxrow):
    # row maximum first (the old code's row communicator), then the domain mean
    umax = jax.lax.pmax(jnp.max(jnp.abs(u) + jnp.abs(v)), 'py')
    dxmin = jnp.min(dxrow)
    cfl_loc = umax * DT / dxmin
    return jax.lax.pmean(cfl_loc, MESH.axis_names)


def inputs():
    cfl_init(0.01)
    rng = np.random.default_rng(5)
    u = rng.standard_normal((32, 16)).astype(np.float32)
    v = rng.standard_normal((32, 16)).astype(np.float32)
    dxrow = np.full((4,), 2 * np.pi / 32, np.float32)
    return u, v, dxrow


def main(u, v, dxrow):
    sh = NamedSharding(MESH, P('px', 'py'))
    u, v = jax.device_put(u, sh), jax.device_put(v, sh)
    dxrow = jax.device_put(dxrow, NamedSharding(MESH, P('px')))
    cfl = jax.jit(jax.shard_map(cflmon, mesh=MESH, in_specs=(P('px', 'py'), P('px', 'py'), P('px')),
                                out_specs=P()))(u, v, dxrow)
    print(' CFL = %8.4f' % float(cfl))
    return cfl


if __name__ == "__main__":
    main(*inputs())
