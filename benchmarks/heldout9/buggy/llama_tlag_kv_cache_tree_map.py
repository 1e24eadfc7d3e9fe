"""A KV cache for sampling, held in a NamedTuple and placed leaf by leaf with jax.tree.map over a
NamedTuple of specs; after prefill the key cache is collected for inspection."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class KVCache(NamedTuple):
    k: jax.Array
    v: jax.Array
    pos: jax.Array


CACHE_SPECS = KVCache(k=P("dp", None, "tp", None), v=P("dp", None, "tp", None), pos=P("dp"))


def init_cache(batch, seq, heads, head_dim):
    shape = (batch, seq, heads, head_dim)
    return KVCache(jnp.zeros(shape), jnp.zeros(shape), jnp.zeros((batch,), jnp.int32))


def prefill(cache, k_new, v_new):
    s = k_new.shape[1]
    return cache._replace(k=cache.k.at[:, :s].set(k_new), v=cache.v.at[:, :s].set(v_new),
                          pos=cache.pos + s)


def main(k_new, v_new):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    cache = init_cache(4, 8, 8, 2)
    cache = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), cache, CACHE_SPECS)
    with jax.set_mesh(mesh):
        k_new = jax.reshard(k_new, CACHE_SPECS.k)
        v_new = jax.reshard(v_new, CACHE_SPECS.v)
        cache = jax.jit(prefill)(cache, k_new, v_new)
        keys = top_level_all_gather(cache.k, P(None, None, "tp", None))
    return keys


def inputs():
    k1, k2 = jax.random.split(jax.random.key(13))
    return jax.random.normal(k1, (4, 3, 8, 2)), jax.random.normal(k2, (4, 3, 8, 2))
