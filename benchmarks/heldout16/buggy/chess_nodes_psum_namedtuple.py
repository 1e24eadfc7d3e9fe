"""Chess search statistics: nodes searched per game batch, totalled for the NPS report."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SearchAxes(NamedTuple):
    games: str
    threads: str


AX = SearchAxes("games", "threads")


class SearchStats(NamedTuple):
    nodes: jax.Array
    depth: jax.Array


def inputs():
    nodes = (np.arange(16, dtype=np.float32) * 1000.0) + 500.0
    return (nodes,)


def main(nodes):
    mesh = jax.make_mesh((4, 2), tuple(AX))
    nodes = jax.device_put(nodes, NamedSharding(mesh, P(AX.games)))

    def total(n):
        stats = SearchStats(nodes=n.sum(), depth=jnp.log2(n).max())
        return jax.lax.psum(stats.nodes, tuple(AX)), jax.lax.pmax(stats.depth, AX.games)

    fn = jax.shard_map(total, mesh=mesh, in_specs=P(AX.games), out_specs=(P(), P()))
    return fn(nodes)
