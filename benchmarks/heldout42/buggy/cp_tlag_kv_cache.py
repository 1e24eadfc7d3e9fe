"""Handing a context-parallel KV cache to a decode server that shards by batch."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "cp"))


class CacheLayouts(NamedTuple):
    prefill: P
    decode: P


LAYOUTS = CacheLayouts(
    prefill=P(None, ("dp", "cp"), None),
    decode=P(None, "cp", None, reduced={"dp"}),
)


def prefill_cache(layouts):
    kv = jnp.arange(2 * 32 * 4, dtype=jnp.float32).reshape(2, 32, 4)
    return jax.device_put(kv, NamedSharding(MESH, layouts.prefill))


def to_decode(kv, layouts=LAYOUTS):
    with jax.set_mesh(MESH):
        return top_level_all_gather(kv, layouts.decode)


def inputs():
    return (prefill_cache(LAYOUTS),)


def main(kv):
    return to_decode(kv)


if __name__ == "__main__":
    main(*inputs())
