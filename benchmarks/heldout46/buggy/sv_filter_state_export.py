"""Checkpointing a particle filter's state: a NamedTuple placed leaf by leaf, exported by layout."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

N_TOTAL, N_LAGS = 64, 4


class FilterState(NamedTuple):
    particles: jax.Array
    log_weights: jax.Array


STATE_SPECS = FilterState(particles=P(("filter", "particle"), None),
                          log_weights=P(("filter", "particle")))


class ExportLayout:
    particles = P("particle", None, reduced={"filter"})
    log_weights = P(None, reduced={"filter", "particle"})


def place_state(mesh, state):
    return FilterState(*(jax.device_put(leaf, NamedSharding(mesh, spec))
                         for leaf, spec in zip(state, STATE_SPECS)))


def checkpoint(state):
    return {"particles": top_level_all_gather(state.particles, ExportLayout.particles),
            "log_weights": top_level_all_gather(state.log_weights, ExportLayout.log_weights)}


def inputs():
    rng = np.random.default_rng(53)
    return (FilterState(rng.normal(-1.0, 0.5, (N_TOTAL, N_LAGS)).astype(np.float32),
                        np.full(N_TOTAL, -np.log(N_TOTAL), np.float32)),)


def main(state):
    mesh = jax.make_mesh((2, 4), ("filter", "particle"))
    with jax.set_mesh(mesh):
        placed = place_state(mesh, state)
        saved = checkpoint(placed)
    return saved


if __name__ == "__main__":
    main(*inputs())
