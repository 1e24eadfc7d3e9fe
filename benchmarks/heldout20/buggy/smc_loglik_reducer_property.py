"""Marginal log-likelihood increment of the filter, reduced over the filter's axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ParticleFilter:
    def __init__(self, pf="pf", dim="dim", noise=0.5):
        self.pf, self.dim, self.noise = pf, dim, noise
        self.mesh = jax.make_mesh((4, 2), (pf, dim))

    @property
    def all_axes(self):
        return (self.pf, self.dim)

    def increment(self, x, obs):
        per_particle = jax.lax.psum(-0.5 * jnp.sum((x - obs) ** 2, axis=-1) / self.noise, self.dim)
        return jax.lax.pmean(jnp.mean(jnp.exp(per_particle)), self.all_axes)

    def run(self, x, obs):
        return jax.shard_map(self.increment, mesh=self.mesh, in_specs=(P(self.pf, self.dim), P(self.dim)),
                             out_specs=P())(x, obs)


def inputs():
    pf = ParticleFilter()
    x = jax.device_put(jax.random.normal(jax.random.key(44), (32, 4)), NamedSharding(pf.mesh, P("pf", "dim")))
    obs = jax.device_put(jnp.zeros((4,)), NamedSharding(pf.mesh, P("dim")))
    return x, obs


def main(x, obs):
    return ParticleFilter().run(x, obs)
