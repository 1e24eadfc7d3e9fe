import dataclasses

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class State:
    w: jax.Array
    step: int


def main(mesh, w):
    state = State(w=jax.device_put(w, NamedSharding(mesh, P("i", "j"))), step=0)
    state.w = jax.device_put(state.w, NamedSharding(mesh, P(None, "j")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(state.w, P(None, "j"))
