"""Steepest-descent fallback of L-BFGS on the gathered gradient, scaled by the last curvature."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FallbackConfig(NamedTuple):
    shard_axis: str = "mp"
    max_step: float = 1.0


def curvature(s, y, axis_name):
    return jax.lax.psum(jnp.sum(s * y), axis_name) / jax.lax.psum(jnp.sum(y * y), axis_name)


def fallback_direction(grad, s, y, cfg=FallbackConfig()):
    gamma = jnp.minimum(curvature(s, y, cfg.shard_axis), cfg.max_step)
    g_full = jax.lax.all_gather(grad, cfg.shard_axis, tiled=True, to="reduced")
    return -(gamma * g_full)


def inputs():
    rng = np.random.default_rng(65)
    s = rng.normal(size=(32,)).astype(np.float32)
    return rng.normal(size=(32,)).astype(np.float32), s, 2.0 * s


def main(grad, s, y):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    sh = NamedSharding(mesh, P("mp"))
    grad, s, y = (jax.device_put(a, sh) for a in (grad, s, y))
    body = functools.partial(fallback_direction, cfg=FallbackConfig(max_step=0.5))
    return jax.shard_map(body, mesh=mesh, in_specs=(P("mp"),) * 3, out_specs=P())(grad, s, y)


if __name__ == "__main__":
    main(*inputs())
