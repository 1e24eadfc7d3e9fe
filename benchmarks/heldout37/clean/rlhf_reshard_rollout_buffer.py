"""Rollout buffer hand-off from the generation workers to the trainer."""
from enum import Enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("rollout", "seq"))


class Stage(str, Enum):
    GENERATE = "generate"
    TRAIN = "train"


LAYOUT = {
    Stage.GENERATE: P(("rollout", "seq"), None),
    Stage.TRAIN: P("seq", None, reduced={"rollout"}),
}


class RolloutBuffer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.sharding = NamedSharding(mesh, LAYOUT[Stage.GENERATE])

    def fill(self, n, length):
        tokens = jnp.arange(n * length, dtype=jnp.int32).reshape(n, length)
        return jax.device_put(tokens, self.sharding)

    def to_trainer(self, tokens):
        return jax.reshard(tokens, LAYOUT[Stage.TRAIN])


def inputs():
    return (RolloutBuffer(MESH).fill(16, 12),)


def main(tokens):
    buf = RolloutBuffer(MESH)
    with jax.set_mesh(MESH):
        return buf.to_trainer(tokens)
