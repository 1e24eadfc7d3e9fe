"""Sequential Monte Carlo: particles split over devices, the log normaliser shared with the mesh."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ParticleState(NamedTuple):
    particles: jax.Array
    log_w: jax.Array


class Axes(NamedTuple):
    particles: str = "particles"
    chains: str = "chains"


AXES = Axes()


def log_likelihood(x, y):
    return -0.5 * (y - x) ** 2


def reweight(state, y):
    log_w = state.log_w + log_likelihood(state.particles, y)
    m = jax.lax.pmax(jnp.max(log_w, axis=0, keepdims=True), AXES.particles)
    log_z = m + jnp.log(jax.lax.psum(jnp.sum(jnp.exp(log_w - m), axis=0, keepdims=True), AXES.particles))
    return ParticleState(state.particles, log_w - log_z), log_z


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(16, 2)).astype(np.float32), np.zeros((16, 2), np.float32)


def main(particles, log_w):
    mesh = jax.make_mesh((4, 2), (AXES.particles, AXES.chains))
    spec = P(AXES.particles, AXES.chains)
    state = ParticleState(*(jax.device_put(a, NamedSharding(mesh, spec)) for a in (particles, log_w)))

    def smc_step(state):
        state, log_z = reweight(state, 0.3)
        evidence = jax.lax.all_gather(log_z, AXES.particles, tiled=True, to="reduced")
        return evidence

    run = jax.jit(jax.shard_map(smc_step, mesh=mesh, in_specs=(ParticleState(spec, spec),),
                                out_specs=P(None, AXES.chains, reduced={AXES.particles})))
    return run(state)
