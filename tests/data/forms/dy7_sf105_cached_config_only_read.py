"""The cached dict is only read by its callers: the second psum sums over 'j' again."""
import functools

import jax
from jax.sharding import PartitionSpec as P


@functools.lru_cache(maxsize=None)
def get_config():
    return {"sync": ("i", "j")}


def main(mesh, x):
    if len(get_config()["sync"]) != 2:
        raise ValueError("two axes expected")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, get_config()["sync"])  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
