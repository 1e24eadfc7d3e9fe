"""Macroscopic output of LBM2D (WRMAC.F), every field kept on the x blocks."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

XA = 'x'
YA = 'y'
MESH = None
OUTSPEC = {
    'rho': P(XA, None, reduced={YA}),
    'ux': P(XA, None, reduced={YA}),
    'uy': P(XA, None, reduced={YA}),
}
UNITS = {'rho': 21, 'ux': 22, 'uy': 23}


def wrmac_init():
    global MESH
    MESH = jax.make_mesh((4, 2), (XA, YA))


def macro(f):
    cx = jnp.array([0, 1, 0, -1, 0, 1, -1, -1, 1], f.dtype)
    cy = jnp.array([0, 0, 1, 0, -1, 1, 1, -1, -1], f.dtype)
    rho = jnp.sum(f, axis=0)
    return {'rho': rho, 'ux': jnp.tensordot(cx, f, 1) / rho, 'uy': jnp.tensordot(cy, f, 1) / rho}


def wrmac(fields):
    out = {}
    for name in ('rho', 'ux', 'uy'):
        out[name] = top_level_all_gather(fields[name], OUTSPEC[name])
        print(' WRMAC: UNIT=%2d  %-4s' % (UNITS[name], name))
    return out


def inputs():
    wrmac_init()
    f = np.full((9, 32, 16), 1.0 / 9.0, np.float32)
    f[1] += 0.01
    return f,


def main(f):
    with jax.set_mesh(MESH):
        fd = jax.device_put(f, NamedSharding(MESH, P(None, XA, YA)))
        out = wrmac(jax.jit(macro)(fd))
    return out['rho']


if __name__ == "__main__":
    main(*inputs())
