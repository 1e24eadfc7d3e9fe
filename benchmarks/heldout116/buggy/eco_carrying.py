"""Ecology ABM: logistic growth needs the regional population against the carrying capacity."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CARRYING_CAPACITY = 500.0


class LogisticGrowth:
    r = 0.3

    def __init__(self, mesh):
        self.mesh = mesh

    def pressure(self, pop_block):
        region = jax.lax.all_gather(pop_block, "herds", axis=0, tiled=True, to="reduced")
        crowding = jnp.sum(region, axis=0, keepdims=True)
        return jnp.minimum(crowding / CARRYING_CAPACITY, 1.0)

    def step(self, pop_block):
        return pop_block

    def run(self, pop):
        return jax.shard_map(self.pressure, mesh=self.mesh, in_specs=P("herds", "regions"),
                             out_specs=P(None, "regions", reduced={"herds"}))(pop)


def inputs():
    return (np.random.default_rng(46).uniform(0, 40, (16, 4)).astype(np.float32),)


def main(pop):
    mesh = jax.make_mesh((4, 2), ("herds", "regions"))
    pop = jax.device_put(pop, NamedSharding(mesh, P("herds", "regions")))
    models = {"logistic": LogisticGrowth(mesh)}
    schedule = ["logistic"] * 2
    out = [models[name].run(pop) for name in schedule]
    print(len(out))


if __name__ == "__main__":
    main(*inputs())
