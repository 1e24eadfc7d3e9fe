"""Cross-batch negatives (XBM): a memory bank of item embeddings rotated around the batch ring."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_AXIS = "batch"
NUM_REPLICAS = 2


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


def global_batch(item_emb, axis_name=BATCH_AXIS):
    return jax.lax.all_gather(item_emb, axis_name, axis=0, tiled=True, to="reduced")


def rotate_memory(bank, item_emb, *, perm):
    fresh = global_batch(item_emb)
    incoming = jax.lax.ppermute(fresh, BATCH_AXIS, perm=perm)
    return jnp.concatenate([incoming, bank[: bank.shape[0] - incoming.shape[0]]], axis=0)


def inputs():
    rng = np.random.default_rng(12)
    return (rng.normal(size=(64, 32)).astype(np.float32), rng.normal(size=(16, 32)).astype(np.float32))


def main(bank, item_emb):
    mesh = jax.make_mesh((NUM_REPLICAS, 4), (BATCH_AXIS, "model"))
    spec = P(BATCH_AXIS, "model")
    bank = jax.device_put(bank, NamedSharding(mesh, spec))
    item_emb = jax.device_put(item_emb, NamedSharding(mesh, spec))
    step = jax.shard_map(functools.partial(rotate_memory, perm=ring(NUM_REPLICAS)), mesh=mesh,
                         in_specs=(spec, spec), out_specs=spec)
    return step(bank, item_emb)


if __name__ == "__main__":
    main(*inputs())
