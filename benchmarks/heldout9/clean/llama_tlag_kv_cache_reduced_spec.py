"""KV cache placed with jax.tree.map over a NamedTuple of specs; the key cache is collected
with an out spec that keeps the head sharding and marks the gathered batch axis reduced."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class KVCache(NamedTuple):
    k: jax.Array
    v: jax.Array


CACHE_SPECS = KVCache(k=P("dp", None, "tp", None), v=P("dp", None, "tp", None))


def main(k, v):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    cache = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), KVCache(k, v), CACHE_SPECS)
    with jax.set_mesh(mesh):
        cache = jax.jit(lambda c: c._replace(k=c.k * 0.5))(cache)
        keys = top_level_all_gather(cache.k, P(None, None, "tp", None, reduced={"dp"}))
    return keys


def inputs():
    k1, k2 = jax.random.split(jax.random.key(104))
    return jax.random.normal(k1, (4, 8, 8, 2)), jax.random.normal(k2, (4, 8, 8, 2))
