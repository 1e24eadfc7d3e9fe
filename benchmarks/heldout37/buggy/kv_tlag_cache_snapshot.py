"""Snapshot of the paged KV cache for a debugging dump, gathered per layer."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "kv_head"))
CACHE_SPEC = P("dp", "kv_head", None)
DUMP_SPECS = {
    "keys": P("dp", None, None, reduced={"kv_head"}),
    "values": P("dp", None, None),
}


def init_cache(num_layers):
    cache = {}
    for name in ("keys", "values"):
        cache[name] = jax.device_put(jnp.zeros((4, 8, 16)) + num_layers, NamedSharding(MESH, CACHE_SPEC))
    return cache


def dump(cache):
    out = {}
    for name, arr in cache.items():
        out[name] = top_level_all_gather(arr, DUMP_SPECS[name])
    return out


def inputs():
    return (init_cache(num_layers=2),)


def main(cache):
    with jax.set_mesh(MESH):
        return dump(cache)
