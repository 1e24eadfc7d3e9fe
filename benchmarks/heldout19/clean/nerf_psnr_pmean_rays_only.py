"""NeRF PSNR: colours composited over 'pts', the error averaged over 'rays' only."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RAY_AXIS = os.environ.get("NERF_RAY_AXIS", "rays")
PTS_AXIS = os.environ.get("NERF_PTS_AXIS", "pts")


def psnr_body(weights, rgb, target):
    color = jax.lax.psum(jnp.sum(weights[..., None] * rgb, axis=1), PTS_AXIS)
    mse = jax.lax.pmean(jnp.mean((color - target) ** 2), RAY_AXIS)
    return -10.0 * jnp.log10(mse)


def main(weights, rgb, target):
    mesh = jax.make_mesh((4, 2), (RAY_AXIS, PTS_AXIS))
    specs = (P(RAY_AXIS, PTS_AXIS), P(RAY_AXIS, PTS_AXIS, None), P(RAY_AXIS, None))
    args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((weights, rgb, target), specs)]
    fn = jax.shard_map(psnr_body, mesh=mesh, in_specs=specs, out_specs=P())
    return fn(*args)


def inputs():
    rng = np.random.default_rng(117)
    return (rng.random((16, 8)).astype(np.float32) / 8, rng.random((16, 8, 3)).astype(np.float32),
            rng.random((16, 3)).astype(np.float32))
