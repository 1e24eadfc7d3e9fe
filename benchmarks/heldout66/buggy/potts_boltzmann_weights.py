"""Boltzmann weights of Potts replica energies for a Wang-Landau style reweighting step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

Q = 3
N_REPLICAS = 4
N_SITES = 32
BETA = 0.9


class BoltzmannWeight:
    def __init__(self, beta, axis="site"):
        self.beta = beta
        self.axis = axis

    def site_energies(self, states):
        return -(states == jnp.roll(states, 1, axis=1)).astype(jnp.float32)

    def __call__(self, states):
        e = jax.lax.all_gather(self.site_energies(states), self.axis, axis=1, tiled=True,
                               to="reduced")
        return jnp.exp(-self.beta * e.sum(axis=1))


def inputs():
    rng = np.random.default_rng(17)
    return (rng.integers(0, Q, size=(N_REPLICAS, N_SITES)).astype(np.int32),)


def main(states):
    mesh = jax.make_mesh((2, 4), ("replica", "site"))
    states = jax.device_put(states, NamedSharding(mesh, P("replica", "site")))
    weight = BoltzmannWeight(BETA)
    fn = jax.shard_map(weight, mesh=mesh, in_specs=P("replica", "site"), out_specs=P("replica"))
    return fn(states)


if __name__ == "__main__":
    main(*inputs())
