"""A NamedTuple state placed leaf by leaf by a starred generator over zip(state, SPECS): each
field has the spec at its position, read back as `state.field` in a helper."""
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class State(NamedTuple):
    rows: object
    cols: object


SPECS = State(rows=P(("i", "j"), None), cols=P(None, "j"))
ORDERED = (P("j", None), P("i", "j"))


class Export:
    rows = P("j", None, reduced={"i"})
    cols = P(None, None, reduced={"j"})


def place(mesh, state):
    return State(*(jax.device_put(leaf, NamedSharding(mesh, spec)) for leaf, spec in zip(state, SPECS)))


def place_ordered(mesh, state):
    return State(*(jax.device_put(leaf, NamedSharding(mesh, spec)) for spec, leaf in zip(ORDERED, state)))


def checkpoint(state):
    return (top_level_all_gather(state.rows, Export.rows),  # SF104
            top_level_all_gather(state.cols, Export.cols))


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = place(mesh, State(np.asarray(x), np.asarray(x)))
        other = place_ordered(mesh, State(np.asarray(x), np.asarray(x)))
        return checkpoint(placed), top_level_all_gather(other.cols, P(None, "j"))  # SF104
