"""Decoding with a KV cache split over 'dp': the sequence lengths are gathered reduced, their
maximum taken with jnp.max, and the cache positions masked against it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP = "dp"


def decode_step(k, lengths, q):
    all_lengths = jax.lax.all_gather(lengths, DP, tiled=True, to="reduced")
    horizon = jnp.max(all_lengths)
    pos = jnp.arange(k.shape[1])
    scores = jnp.einsum("bh,bsh->bs", q, k)
    scores = jnp.where(pos[None, :] < horizon, scores, -1e9)
    return jax.nn.softmax(scores, axis=-1)


def inputs():
    k = np.arange(8 * 6 * 4, dtype=np.float32).reshape(8, 6, 4) / 100.0
    lengths = np.array([3, 5, 2, 6, 1, 4, 4, 2], np.int32)
    return k, lengths, np.full((8, 4), 0.1, np.float32)


def main(k, lengths, q):
    mesh = jax.make_mesh((8,), (DP,))
    k = jax.device_put(k, NamedSharding(mesh, P(DP)))
    lengths = jax.device_put(lengths, NamedSharding(mesh, P(DP)))
    q = jax.device_put(q, NamedSharding(mesh, P(DP)))
    f = jax.shard_map(decode_step, mesh=mesh, in_specs=(P(DP), P(DP), P(DP)), out_specs=P(DP))
    return f(k, lengths, q)


if __name__ == "__main__":
    print(main(*inputs()))
