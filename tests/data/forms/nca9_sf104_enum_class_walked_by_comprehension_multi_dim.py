"""Near misses of ca9: the two-dimension gather passes `multi_dim=True`, and an Enum whose last
member aliases the first (iterating the class skips aliases; the table's entries merge) is not
read."""
from enum import Enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Field(str, Enum):
    U = "u"
    THETA = "theta"


class Aliased(str, Enum):
    U = "u"
    THETA = "u"


LAYOUT = {Field.U: P("i", "j"), Field.THETA: P("i", "j")}
RESTART = {Field.U: P("i", None, reduced={"j"}), Field.THETA: P(None, None, reduced={"i", "j"})}
ALIASED = {Aliased.U: P(None, None, reduced={"i", "j"}), Aliased.THETA: P("i", None, reduced={"j"})}


def load_state(mesh, raw):
    return {f: jax.device_put(raw[f.value], NamedSharding(mesh, LAYOUT[f])) for f in Field}


def write_restart(state):
    return {f: top_level_all_gather(state[f], RESTART[f], multi_dim=True) for f in Field}


def write_aliased(state):
    return {f: top_level_all_gather(state[f], ALIASED[f]) for f in Aliased}


def main(mesh, x):
    raw = {f.value: np.asarray(x) for f in Field}
    with jax.set_mesh(mesh):
        state = load_state(mesh, raw)
        aliased = {Aliased.U: state[Field.U]}
        return write_restart(state), write_aliased(aliased)
