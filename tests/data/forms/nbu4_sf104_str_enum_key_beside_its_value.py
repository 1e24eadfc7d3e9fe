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
    "train": P(None, None, reduced={"i", "j"}),
}


def main(mesh, x):
    tokens = jax.device_put(x, NamedSharding(mesh, LAYOUT[Stage.GENERATE]))
    with jax.set_mesh(mesh):
        return top_level_all_gather(tokens, LAYOUT[Stage.TRAIN])  # none
