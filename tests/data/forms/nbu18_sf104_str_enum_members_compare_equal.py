from enum import Enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Stage(str, Enum):
    GENERATE = "generate"
    TRAIN = "train"

    def __hash__(self):
        return 0

    def __eq__(self, other):
        return isinstance(other, Stage)


LAYOUT = {
    Stage.TRAIN: P("j", None, reduced={"i"}),
    Stage.GENERATE: P(None, None, reduced={"i", "j"}),
}


def main(mesh, x):
    tokens = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(tokens, LAYOUT[Stage.TRAIN])  # none
