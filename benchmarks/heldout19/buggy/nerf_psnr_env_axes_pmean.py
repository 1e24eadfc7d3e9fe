"""NeRF evaluation: PSNR of composited colours; axis names default from the environment."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RAY_AXIS = os.environ.get("NERF_RAY_AXIS", "rays")
PTS_AXIS = os.environ.get("NERF_PTS_AXIS", "pts")


def psnr_body(weights, rgb, target):
    color = jax.lax.psum(jnp.sum(weights[..., None] * rgb, axis=1), PTS_AXIS)
    mse = jnp.mean((color - target) ** 2)
    mse = jax.lax.pmean(mse, (RAY_AXIS, PTS_AXIS))
    return -10.0 * jnp.log10(mse)


def main(weights, rgb, target):
    mesh = jax.make_mesh((4, 2), (RAY_AXIS, PTS_AXIS))
    weights = jax.device_put(weights, NamedSharding(mesh, P(RAY_AXIS, PTS_AXIS)))
    rgb = jax.device_put(rgb, NamedSharding(mesh, P(RAY_AXIS, PTS_AXIS, None)))
    target = jax.device_put(target, NamedSharding(mesh, P(RAY_AXIS, None)))
    fn = jax.shard_map(psnr_body, mesh=mesh,
                       in_specs=(P(RAY_AXIS, PTS_AXIS), P(RAY_AXIS, PTS_AXIS, None), P(RAY_AXIS, None)),
                       out_specs=P())
    return fn(weights, rgb, target)


def inputs():
    rng = np.random.default_rng(54)
    return (rng.random((16, 8)).astype(np.float32) / 8, rng.random((16, 8, 3)).astype(np.float32),
            rng.random((16, 3)).astype(np.float32))
