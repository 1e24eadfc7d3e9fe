import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class TrainState:
    params: dict
    step: int = 0


class Batch(NamedTuple):
    tokens: jax.Array
    mask: jax.Array


def init_state(mesh):
    w = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(("j", "i"), None)))
    return TrainState(params={"w": w})


def load(mesh, x):
    return Batch(jax.device_put(x, NamedSharding(mesh, P(None, ("i", "j")))), x > 0)


def main(mesh, x):
    state = init_state(mesh)
    batch = load(mesh, x)
    with jax.set_mesh(mesh):
        w = top_level_all_gather(state.params["w"], P("j", None))  # SF104
        t = top_level_all_gather(batch.tokens, P(None, "j"))  # SF104
    return w, t
