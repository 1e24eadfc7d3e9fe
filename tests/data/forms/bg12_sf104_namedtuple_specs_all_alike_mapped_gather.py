from typing import NamedTuple

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class State(NamedTuple):
    q: jax.Array
    qd: jax.Array


SIM_SPECS = State(q=P(("i", "j"), None), qd=P(("i", "j"), None))
RENDER_SPEC = P("i", None)


def place(state, mesh):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), state, SIM_SPECS)


def for_renderer(state):
    return jax.tree.map(lambda leaf: top_level_all_gather(leaf, RENDER_SPEC), state)  # SF104


def main(mesh, x):
    state = place(State(x, x * 2), mesh)
    with jax.set_mesh(mesh):
        return for_renderer(state)
