"""Near misses of cb16: every field's out spec valid, a record of specs built positionally
(`State(P(...), P(...))`, read only by keyword here), and a record rebound after it is built."""
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class State(NamedTuple):
    params: jax.Array
    y_hist: jax.Array


TRAIN = State(params=P("j"), y_hist=P(None, "j"))
CHECKPOINT = State(params=P(None, reduced={"j"}), y_hist=P(None, None, reduced={"j"}))
POSITIONAL = State(P(None, reduced={"j"}), P(None, None, reduced={"j"}))
LATER = State(params=P(None, reduced={"j"}), y_hist=P(None, None))
LATER = CHECKPOINT


def is_spec(x):
    return isinstance(x, P)


def main(mesh, x):
    state = State(np.ones(8, np.float32), np.asarray(x))
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), state, TRAIN, is_leaf=is_spec)
        return (jax.tree.map(top_level_all_gather, placed, CHECKPOINT, is_leaf=is_spec),
                jax.tree.map(top_level_all_gather, placed, POSITIONAL, is_leaf=is_spec),
                jax.tree.map(top_level_all_gather, placed, LATER, is_leaf=is_spec))
