"""As gb5, but a batch of 16 rows reduces over 'j' alone, which is fine: whether the body raises
depends on the draw, and the run stays silent."""
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
        return jax.lax.psum(jnp.sum(block * lr), config["axes"] if config["rows"] == 8 else ("j",))

    return jax.shard_map(body, mesh=MESH, in_specs=P(None, "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
