import heapq

import jax
from jax.sharding import PartitionSpec as P

NAMES = ["j", "i"]


def body(block):
    rows = jax.lax.psum(block, "j")
    return jax.lax.psum(rows, tuple(NAMES))


def main(x):
    heapq.heapify(NAMES)
    heapq.heappop(NAMES)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
