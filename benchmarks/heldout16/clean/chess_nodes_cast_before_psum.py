"""Chess search statistics: the per-batch node count is cast before the mesh-wide total."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SearchAxes(NamedTuple):
    games: str
    threads: str


AX = SearchAxes("games", "threads")


def inputs():
    return (np.arange(16, dtype=np.float32) * 1000.0 + 500.0,)


def main(nodes):
    mesh = jax.make_mesh((4, 2), tuple(AX))
    nodes = jax.device_put(nodes, NamedSharding(mesh, P(AX.games)))

    def total(n):
        per_thread = jax.lax.pcast(n.sum() / mesh.shape[AX.threads], AX.threads, to="varying")
        return jax.lax.psum(per_thread, tuple(AX))

    fn = jax.shard_map(total, mesh=mesh, in_specs=P(AX.games), out_specs=P())
    return fn(nodes)
