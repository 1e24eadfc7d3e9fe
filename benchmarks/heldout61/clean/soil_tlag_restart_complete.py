"""Writes a land-surface restart: soil moisture, soil temperature and snow water equivalent."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class LandState(NamedTuple):
    theta: object
    temperature: object
    swe: object


STATE_SPECS = LandState(
    theta=P("tile", None),
    temperature=P("tile", None),
    swe=P("tile"),
)

RESTART_SPECS = LandState(
    theta=P(None, None, reduced={"tile"}),
    temperature=P(None, None, reduced={"tile"}),
    swe=P(None, reduced={"tile"}),
)


def initial_state(mesh, n_tiles=16, n_layers=4):
    host = LandState(
        theta=np.full((n_tiles, n_layers), 0.25, np.float32),
        temperature=np.full((n_tiles, n_layers), 283.0, np.float32),
        swe=np.zeros(n_tiles, np.float32),
    )
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), host, STATE_SPECS)


def write_restart(state):
    return LandState(*(top_level_all_gather(leaf, spec) for leaf, spec in zip(state, RESTART_SPECS)))


def inputs():
    mesh = jax.make_mesh((8,), ("tile",))
    return mesh, initial_state(mesh)


def main(mesh, state):
    with jax.set_mesh(mesh):
        restart = write_restart(state)
    return restart


if __name__ == "__main__":
    main(*inputs())
