"""Near misses of ca1: the zipped specs give each field a spec its gather is valid for (the
second field's spec is the first one's position in a tuple ordered the other way), or the spec
sequence is a list (changeable in place) or a generator whose items are not positional."""
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class State(NamedTuple):
    rows: object
    cols: object


SPECS = State(rows=P("j", None), cols=P(("i", "j"), None))
LISTED = [P(("i", "j"), None), P("j", None)]
ORDERED = (P("j", None), P("i", "j"))


class Export:
    rows = P("j", None)
    cols = P("i", None, reduced={"j"})


def place(mesh, state):
    return State(*(jax.device_put(leaf, NamedSharding(mesh, spec)) for leaf, spec in zip(state, SPECS)))


def place_listed(mesh, state):
    return State(*(jax.device_put(leaf, NamedSharding(mesh, spec)) for leaf, spec in zip(state, LISTED)))


def place_ordered(mesh, state):
    return State(*(jax.device_put(leaf, NamedSharding(mesh, spec)) for spec, leaf in zip(ORDERED, state)))


def checkpoint(state):
    return (top_level_all_gather(state.rows, Export.rows),
            top_level_all_gather(state.cols, Export.cols))


def main(mesh, x):
    LISTED.reverse()
    with jax.set_mesh(mesh):
        placed = place(mesh, State(np.asarray(x), np.asarray(x)))
        listed = place_listed(mesh, State(np.asarray(x), np.asarray(x)))
        other = place_ordered(mesh, State(np.asarray(x), np.asarray(x)))
        return (checkpoint(placed), top_level_all_gather(listed.rows, P("j", None)),
                top_level_all_gather(other.rows, P("j", None)))
