"""Tensor-parallel decoding with a KV cache: the batch is split over 'dp', heads over 'tp'.
The longest sequence in the global batch decides how far the cache is read."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class KVCache(NamedTuple):
    k: jax.Array          # [batch, seq, heads]
    v: jax.Array
    lengths: jax.Array    # [batch]


DP, TP = "dp", "tp"
CACHE_SPEC = KVCache(k=P(DP, None, TP), v=P(DP, None, TP), lengths=P(DP))


def decode_step(cache: KVCache, q):
    max_len = jax.lax.pmax(jnp.max(cache.lengths), DP)
    scores = jnp.einsum("bh,bsh->bsh", q, cache.k)
    pos = jnp.arange(cache.k.shape[1])
    scores = jnp.where(pos[None, :, None] < max_len, scores, -1e9)
    probs = jax.nn.softmax(scores, axis=1)
    out = jnp.einsum("bsh,bsh->bh", probs, cache.v)
    horizon = jax.lax.all_gather(max_len[None], DP, tiled=True, to="reduced")
    return out, horizon


def inputs():
    k = np.arange(8 * 6 * 4, dtype=np.float32).reshape(8, 6, 4) / 100.0
    v = np.ones((8, 6, 4), np.float32)
    lengths = np.array([3, 5, 2, 6, 1, 4, 4, 2], np.int32)
    q = np.full((8, 4), 0.1, np.float32)
    return k, v, lengths, q


def main(k, v, lengths, q):
    mesh = jax.make_mesh((2, 4), (DP, TP))
    cache = KVCache(k, v, lengths)
    cache = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), cache, CACHE_SPEC,
                         is_leaf=lambda s: isinstance(s, P))
    q = jax.device_put(q, NamedSharding(mesh, P(DP, TP)))
    step = jax.shard_map(decode_step, mesh=mesh, in_specs=(CACHE_SPEC, P(DP, TP)),
                         out_specs=(P(DP, TP), P(reduced={DP})))
    return step(cache, q)


if __name__ == "__main__":
    print(main(*inputs()))
