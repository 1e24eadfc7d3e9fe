"""Convert left-padded prompts to right padding by rotating sequence blocks between devices."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SEQ = "seq"
BATCH = "batch"
NUM_SEQ_SHARDS = 4


def rotate_left(n):
    return [(i, (i - 1) % n) for i in range(n)]


def shift_blocks(tokens, num_blocks):
    block = tokens.shape[1]

    def body(_, tok):
        full = jax.lax.all_gather(tok, SEQ, axis=1, tiled=True, to="reduced")
        moved = jax.lax.ppermute(full, SEQ, perm=rotate_left(NUM_SEQ_SHARDS))
        return moved[:, :block]

    return jax.lax.fori_loop(0, num_blocks, body, tokens)


def inputs():
    rng = np.random.default_rng(52)
    ids = rng.integers(1, 1000, size=(8, 32)).astype(np.int32)
    ids[:, :8] = 0
    return (ids,)


def main(input_ids):
    mesh = jax.make_mesh((2, NUM_SEQ_SHARDS), (BATCH, SEQ))
    input_ids = jax.device_put(input_ids, NamedSharding(mesh, P(BATCH, SEQ)))
    fn = jax.shard_map(lambda t: shift_blocks(t, num_blocks=1), mesh=mesh,
                       in_specs=P(BATCH, SEQ), out_specs=P(BATCH, SEQ))
    return fn(input_ids)


if __name__ == "__main__":
    main(*inputs())
