"""SMC: the per-device log weights (varying) are gathered to reduced for the resampler."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    particles: str = "particles"
    chains: str = "chains"


AXES = Axes()


def inputs():
    rng = np.random.default_rng(42)
    return (rng.normal(size=(16, 2)).astype(np.float32),)


def main(particles):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    spec = P(AXES.particles, AXES.chains)
    particles = jax.device_put(particles, NamedSharding(mesh, spec))

    def step(x):
        log_w = -0.5 * (x - 0.3) ** 2
        m = jax.lax.pmax(jnp.max(log_w, axis=0, keepdims=True), AXES.particles)
        return jax.lax.all_gather(log_w - m, AXES.particles, axis=0, tiled=True, to="reduced")

    f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(spec,),
                              out_specs=P(None, AXES.chains, reduced={AXES.particles})))
    return f(particles)
