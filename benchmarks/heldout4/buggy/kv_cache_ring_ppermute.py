"""Sequence-parallel decoding: each 'sp' shard holds a slice of the KV cache. The new key is
gathered (reduced, its gradient summed) and the cache block is then rotated around the ring."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SP = "sp"
N_SP = 8


def ring_perm(n):
    return [(i, (i + 1) % n) for i in range(n)]


def attend_block(q, k_blk, v_blk):
    s = q @ k_blk.T
    return jax.nn.softmax(s, axis=-1) @ v_blk


def decode(q, k_cache, v_cache, k_new):
    k_all = jax.lax.all_gather(k_new, SP, axis=0, tiled=True, to="reduced")
    k_next = jax.lax.ppermute(k_all, SP, perm=ring_perm(N_SP))
    out = attend_block(q, k_cache, v_cache)
    return out, k_next


def inputs():
    q = np.ones((8, 4), np.float32) / 4.0
    k = np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0
    v = np.ones((16, 4), np.float32)
    k_new = np.full((8, 4), 0.25, np.float32)
    return q, k, v, k_new


def main(q, k, v, k_new):
    mesh = jax.make_mesh((N_SP,), (SP,))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    q, k, v, k_new = put(q, P(SP)), put(k, P(SP)), put(v, P(SP)), put(k_new, P(SP))
    step = jax.shard_map(decode, mesh=mesh, in_specs=(P(SP), P(SP), P(SP), P(SP)),
                         out_specs=(P(SP), P(SP)))
    return jax.jit(step)(q, k, v, k_new)


if __name__ == "__main__":
    print(main(*inputs()))
