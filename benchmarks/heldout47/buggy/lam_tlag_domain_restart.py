"""Writes a restart file of the regional model, each prognostic field in its restart layout."""
from enum import Enum

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Field(str, Enum):
    U = "u"
    V = "v"
    THETA = "theta"


LAYOUT = {Field.U: P("y", "x"), Field.V: P("y", "x"), Field.THETA: P("y", "x")}
RESTART = {
    Field.U: P("y", None, reduced={"x"}),
    Field.V: P("y", None, reduced={"x"}),
    Field.THETA: P(None, None, reduced={"y", "x"}),
}


def load_state(mesh, raw):
    return {f: jax.device_put(raw[f.value], NamedSharding(mesh, LAYOUT[f])) for f in Field}


def write_restart(state):
    return {f: top_level_all_gather(state[f], RESTART[f]) for f in Field}


def inputs():
    rng = np.random.default_rng(41)
    return ({f.value: rng.standard_normal((8, 16)).astype(np.float32) for f in Field},)


def main(raw):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    with jax.set_mesh(mesh):
        state = load_state(mesh, raw)
        return write_restart(state)


if __name__ == "__main__":
    main(*inputs())
