"""Evolution strategies with antithetic sampling: each device evaluates a slice of the population."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POP = "population"


class EvolutionStrategy:
    def __init__(self, sigma=0.1, lr=0.05):
        self.sigma = sigma
        self.lr = lr

    def fitness(self, theta, eps):
        plus = -jnp.sum((theta + self.sigma * eps) ** 2, axis=-1)
        minus = -jnp.sum((theta - self.sigma * eps) ** 2, axis=-1)
        return plus - minus

    def centred_ranks(self, diffs):
        total = jax.lax.psum(jnp.sum(jnp.abs(diffs), keepdims=True), POP)
        return jax.lax.all_gather(total, POP, tiled=True, to="reduced")

    def step(self, theta, eps):
        diffs = self.fitness(theta, eps)
        return self.centred_ranks(diffs)


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(4,)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(theta, eps):
    mesh = jax.make_mesh((8,), (POP,))
    es = EvolutionStrategy()
    theta = jax.device_put(theta, NamedSharding(mesh, P()))
    eps = jax.device_put(eps, NamedSharding(mesh, P(POP, None)))
    run = jax.jit(jax.shard_map(es.step, mesh=mesh, in_specs=(P(), P(POP, None)),
                                out_specs=P(reduced={POP})))
    return run(theta, eps)
