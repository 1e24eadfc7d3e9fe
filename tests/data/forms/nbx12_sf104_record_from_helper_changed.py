import dataclasses

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class TrainState:
    params: dict
    step: int = 0


def init_state(mesh):
    w = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(("j", "i"), None)))
    return TrainState(params={"w": w})


def main(mesh, x):
    state = init_state(mesh)
    other = init_state(mesh)
    state.params["w"] = jax.device_put(x, NamedSharding(mesh, P("j", None)))
    other.params = {"w": jax.device_put(x, NamedSharding(mesh, P("j", None)))}
    with jax.set_mesh(mesh):
        w = top_level_all_gather(state.params["w"], P("j", None))  # none
        v = top_level_all_gather(other.params["w"], P("j", None))  # none
    return w, v
