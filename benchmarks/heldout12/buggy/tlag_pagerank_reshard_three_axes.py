"""PageRank ranks resharded over three mesh axes, then gathered one level for a summary."""
import enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


class Axis(str, enum.Enum):
    POD = "pod"
    HOST = "host"
    CHIP = "chip"


ALL = tuple(a.value for a in Axis)


def power_iteration(adj, steps=5, damping=0.85):
    n = adj.shape[0]
    rank = jnp.full((n,), 1.0 / n)
    for _ in range(steps):
        rank = (1 - damping) / n + damping * adj @ rank
    return rank


def main(mesh, adj):
    with jax.set_mesh(mesh):
        rank = power_iteration(adj)
        rank = jax.reshard(rank, P(ALL))
        per_pod = top_level_all_gather(rank, P(ALL[:2], reduced={ALL[2]}))
        return jax.reshard(per_pod, P())


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ALL)
    adj = jnp.ones((16, 16)) / 16
    return mesh, adj
