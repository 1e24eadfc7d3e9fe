"""Replay buffer snapshot for checkpointing: every field gathered to a host-readable layout."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ReplayState(NamedTuple):
    observations: jax.Array
    rewards: jax.Array


PLACEMENT = ReplayState(observations=P("shard", "feature"), rewards=P("shard"))
SNAPSHOT = ReplayState(observations=P(None, "feature", reduced={"shard"}), rewards=P(None, reduced={"shard"}))


def place(state, mesh):
    return ReplayState(*(jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(state, PLACEMENT)))


def snapshot(state):
    fields = {}
    for name in ReplayState._fields:
        fields[name] = top_level_all_gather(getattr(state, name), getattr(SNAPSHOT, name))
    return fields


def inputs():
    rng = np.random.default_rng(14)
    return ReplayState(rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16,)).astype(np.float32)),


def main(state):
    mesh = jax.make_mesh((4, 2), ("shard", "feature"))
    with mesh:
        placed = place(state, mesh)
    with jax.set_mesh(mesh):
        return snapshot(placed)


if __name__ == "__main__":
    main(*inputs())
