"""lru_cache hands back one dict: the change made through the first call's result is what the
body's call reads, and the second psum sums over 'i' alone."""
import functools

import jax
from jax.sharding import PartitionSpec as P


@functools.lru_cache(maxsize=None)
def get_config():
    return {"sync": ("i", "j")}


def main(mesh, x):
    get_config()["sync"] = ("i",)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, get_config()["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
