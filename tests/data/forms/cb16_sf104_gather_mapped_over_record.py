"""`jax.tree.map(top_level_all_gather, state, CHECKPOINT, is_leaf=...)`: the gather is passed as
the function, one call per leaf; the state is a NamedTuple placed by another `tree.map` over a
record of layouts, and only the `y_hist` field's out spec lacks `reduced=`."""
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class State(NamedTuple):
    params: jax.Array
    y_hist: jax.Array


TRAIN = State(params=P("j"), y_hist=P(None, "j"))
CHECKPOINT = State(params=P(None, reduced={"j"}), y_hist=P(None, None))


def is_spec(x):
    return isinstance(x, P)


def checkpoint(state):
    return jax.tree.map(top_level_all_gather, state, CHECKPOINT, is_leaf=is_spec)  # SF104


def main(mesh, x):
    state = State(np.ones(8, np.float32), np.asarray(x))
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), state, TRAIN, is_leaf=is_spec)
        return checkpoint(placed)
