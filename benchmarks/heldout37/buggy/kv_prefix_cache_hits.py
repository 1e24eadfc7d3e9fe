"""Automatic prefix caching: hit masks per block are collected for the eviction policy."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "kv_head"))
CACHE_AXES = ("dp", "kv_head")


def collect(x, axes):
    return jax.lax.all_gather(x, axes, to="reduced", tiled=True)


def hit_mask(block_hashes, cached_hashes):
    hits = (block_hashes[:, :, None] == cached_hashes[None, None, :]).any(-1)
    return hits.astype(jnp.float32)


def prefix_cache_body(block_hashes, cached_hashes):
    hits = hit_mask(block_hashes, cached_hashes)
    per_seq = jax.lax.all_gather(hits, CACHE_AXES[1], to="reduced", tiled=True, axis=1)
    return collect(per_seq, CACHE_AXES)


def inputs():
    hashes = jnp.arange(8 * 16, dtype=jnp.int32).reshape(8, 16) % 11
    cached = jnp.array([1, 3, 5, 7], jnp.int32)
    return (jax.device_put(hashes, NamedSharding(MESH, P("dp", "kv_head"))),
            jax.device_put(cached, NamedSharding(MESH, P())))


def main(block_hashes, cached_hashes):
    fn = jax.shard_map(prefix_cache_body, mesh=MESH, in_specs=(P("dp", "kv_head"), P()),
                       out_specs=P(None, None, reduced={"dp", "kv_head"}))
    return fn(block_hashes, cached_hashes)
