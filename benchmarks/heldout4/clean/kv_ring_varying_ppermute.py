"""Sequence-parallel decoding: the KV cache block is rotated around the 'sp' ring with ppermute;
the new key is gathered reduced only for the returned cache summary."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SP = "sp"


def decode(q, k_blk, v_blk, k_new):
    n = jax.lax.axis_size(SP)
    perm = [(i, (i + 1) % n) for i in range(n)]
    k_next = jax.lax.ppermute(k_blk, SP, perm=perm)
    v_next = jax.lax.ppermute(v_blk, SP, perm=perm)
    out = jax.nn.softmax(q @ k_next.T, axis=-1) @ v_next
    summary = jax.lax.all_gather(k_new, SP, axis=0, tiled=True, to="reduced")
    return out, summary


def inputs():
    q = np.ones((8, 4), np.float32) / 4.0
    k = np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0
    v = np.ones((16, 4), np.float32)
    return q, k, v, np.full((8, 4), 0.25, np.float32)


def main(q, k, v, k_new):
    mesh = jax.make_mesh((8,), (SP,))
    q, k, v, k_new = (jax.device_put(a, NamedSharding(mesh, P(SP))) for a in (q, k, v, k_new))
    f = jax.shard_map(decode, mesh=mesh, in_specs=(P(SP),) * 4, out_specs=(P(SP), P(reduced={SP})))
    return jax.jit(f)(q, k, v, k_new)


if __name__ == "__main__":
    print(main(*inputs()))
