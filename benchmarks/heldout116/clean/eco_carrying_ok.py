"""Ecology ABM: logistic growth against the carrying capacity from a psum of the herds."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CARRYING_CAPACITY = 500.0


class LogisticGrowth:
    r = 0.3

    def __init__(self, mesh):
        self.fn = jax.shard_map(self.step, mesh=mesh, in_specs=P("herds", "regions"),
                                out_specs=P("herds", "regions"))

    def step(self, pop):
        crowding = jax.lax.psum(jnp.sum(pop, axis=0, keepdims=True), "herds")
        pressure = jnp.minimum(crowding / CARRYING_CAPACITY, 1.0)
        return pop * (1.0 + self.r * (1.0 - pressure))


def inputs():
    return (np.random.default_rng(46).uniform(0, 40, (16, 4)).astype(np.float32),)


def main(pop):
    mesh = jax.make_mesh((4, 2), ("herds", "regions"))
    pop = jax.device_put(pop, NamedSharding(mesh, P("herds", "regions")))
    model = LogisticGrowth(mesh)
    for _ in range(3):
        pop = model.fn(pop)
    print(float(pop.sum()))


if __name__ == "__main__":
    main(*inputs())
