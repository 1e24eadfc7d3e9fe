"""Surface albedo over snow and sea ice (albedo.f90).

The broadband albedo of every column is assembled on each process from the
column blocks, then clipped from below at the open-ocean value.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALB_OCEAN = 0.07
ALB_SNOW = 0.80
COLS = 'xcol'
SPEC = 'xband'
MESH = None


def albedo_init(ncpu_col=4, ncpu_band=2):
    global MESH
    MESH = jax.make_mesh((ncpu_col, ncpu_band), (COLS, SPEC))


def albedo(snowfrac, band_w):
    # band_w: (ncol, nband) band weights; snow fraction per column
    alb_b = ALB_SNOW * snowfrac[:, None] * band_w
    alb = jax.lax.psum(jnp.sum(alb_b, axis=1), SPEC)
    alb_all = jax.lax.all_gather(alb, COLS, tiled=True, to='reduced')
    return jnp.maximum(alb_all, ALB_OCEAN)


def inputs():
    albedo_init()
    snow = np.linspace(0.0, 1.0, 16, dtype=np.float32)
    w = np.full((16, 4), 0.25, np.float32)
    return snow, w


def main(snow, w):
    snow = jax.device_put(snow, NamedSharding(MESH, P(COLS)))
    w = jax.device_put(w, NamedSharding(MESH, P(COLS, SPEC)))
    alb = jax.jit(jax.shard_map(albedo, mesh=MESH, in_specs=(P(COLS), P(COLS, SPEC)),
                                out_specs=P(None)))(snow, w)
    print(' albedo range: %5.3f .. %5.3f' % (float(alb.min()), float(alb.max())))
    return alb


if __name__ == "__main__":
    main(*inputs())
