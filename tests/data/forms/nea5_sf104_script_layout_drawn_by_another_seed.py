import random

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class RandomSearch:
    def __init__(self, space, seed):
        self.space = space
        self.rng = random.Random(seed)

    def suggest(self):
        return {name: self.rng.choice(options) for name, options in self.space.items()}


def main():
    search = RandomSearch({"export": [P("i", None, reduced={"j"}), P("i", None)]}, seed=1)
    config = search.suggest()
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    kernel = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    step = jax.jit(lambda k: k * 0.5)
    with jax.set_mesh(mesh):
        kernel = step(kernel)
        return top_level_all_gather(kernel, config["export"])


if __name__ == "__main__":
    main()
