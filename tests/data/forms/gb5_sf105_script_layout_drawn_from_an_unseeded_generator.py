"""A search space draws the batch rows and the learning rate from an unseeded generator: the run
does not know the draws, but every batch size it can draw reaches the body with the same axes,
which raises (the run is made for each draw; the rate is a number it never tests)."""
import random

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


class Choice:
    def __init__(self, categories):
        self.categories = list(categories)

    def sample(self, rng):
        return self.categories[rng.randrange(len(self.categories))]


SPACE = {"rows": Choice([8, 16]), "axes": ("i", "j")}


def variant(space, rng):
    return {key: value.sample(rng) if isinstance(value, Choice) else value for key, value in space.items()}


def main():
    config = variant(SPACE, random.Random())
    lr = random.uniform(0.01, 0.1)
    x = jax.device_put(np.ones((config["rows"], 8), np.float32), NamedSharding(MESH, P(None, "j")))

    def body(block):
        return jax.lax.psum(jnp.sum(block * lr), config["axes"])  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P(None, "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
