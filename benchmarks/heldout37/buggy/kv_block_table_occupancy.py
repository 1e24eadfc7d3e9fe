"""Paged-attention block manager: free-block counts are published to every cache shard."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "kv_head"))


class CacheAxes(NamedTuple):
    sequences: str = "dp"
    heads: str = "kv_head"


class BlockSpaceManager:
    def __init__(self, num_blocks, axes=CacheAxes()):
        self.num_blocks = num_blocks
        self.axes = axes

    def free_blocks(self, block_tables):
        used = jnp.sum(block_tables >= 0, axis=(0, 1)).astype(jnp.float32)[None]
        used = jax.lax.psum(used, self.axes.heads)
        free = self.num_blocks - used
        return jax.lax.all_gather(free, axis_name=self.axes.heads, to="reduced", tiled=True)


def inputs():
    tables = jnp.arange(8 * 8 * 16, dtype=jnp.int32).reshape(8, 8, 16) % 7 - 2
    return (jax.device_put(tables, NamedSharding(MESH, P("dp", "kv_head", None))),)


def main(block_tables):
    mgr = BlockSpaceManager(num_blocks=512)
    fn = jax.shard_map(mgr.free_blocks, mesh=MESH, in_specs=P("dp", "kv_head", None),
                       out_specs=P("dp", reduced={"kv_head"}))
    return fn(block_tables)
