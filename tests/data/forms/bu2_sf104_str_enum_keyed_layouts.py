from enum import Enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Stage(str, Enum):
    GENERATE = "generate"
    TRAIN = "train"


LAYOUT = {
    Stage.GENERATE: P(("i", "j"), None),
    Stage.TRAIN: P("j", None, reduced={"i"}),
}


class Buffer:
    def __init__(self, mesh):
        self.sharding = NamedSharding(mesh, LAYOUT[Stage.GENERATE])

    def fill(self, n):
        return jax.device_put(jnp.arange(n * 8, dtype=jnp.float32).reshape(n, 8), self.sharding)


def to_trainer(tokens):
    return top_level_all_gather(tokens, LAYOUT[Stage.TRAIN])  # SF104


def main(mesh, x):
    tokens = Buffer(mesh).fill(8)
    with jax.set_mesh(mesh):
        return to_trainer(tokens)
