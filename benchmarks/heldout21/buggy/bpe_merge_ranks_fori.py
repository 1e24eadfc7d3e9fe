"""Apply learned BPE merges to sharded token streams, lowest merge rank first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.lax import all_gather, pmin as allreduce_min
from jax.sharding import NamedSharding, PartitionSpec as P

STREAM_AXIS, TABLE_AXIS = "streams", "table"
NO_MERGE = 1 << 20
NUM_MERGES = 3


def pair_ranks(ids, merge_ranks):
    left, right = ids[:, :-1], ids[:, 1:]
    return merge_ranks[left, right]


def merge_step(i, state):
    ids, merge_ranks = state
    local = jnp.min(pair_ranks(ids, merge_ranks), axis=1).astype(jnp.float32)
    ranks = all_gather(local, TABLE_AXIS, axis=0, tiled=True, to="reduced")
    best = allreduce_min(ranks, TABLE_AXIS)
    hit = (pair_ranks(ids, merge_ranks) == jnp.min(best)).astype(ids.dtype)
    return ids + jnp.pad(hit, ((0, 0), (0, 1))), merge_ranks


def apply_merges(ids, merge_ranks):
    ids, _ = jax.lax.fori_loop(0, NUM_MERGES, merge_step, (ids, merge_ranks))
    return ids


def inputs():
    rng = np.random.default_rng(47)
    ids = rng.integers(0, 8, size=(16, 12)).astype(np.int32)
    ranks = rng.permutation(64).reshape(8, 8).astype(np.int32)
    return ids, ranks


def main(ids, merge_ranks):
    mesh = jax.make_mesh((2, 4), (STREAM_AXIS, TABLE_AXIS))
    ids = jax.device_put(ids, NamedSharding(mesh, P((STREAM_AXIS, TABLE_AXIS), None)))
    merge_ranks = jax.device_put(merge_ranks, NamedSharding(mesh, P()))
    fn = jax.shard_map(apply_merges, mesh=mesh, in_specs=(P((STREAM_AXIS, TABLE_AXIS), None), P()),
                       out_specs=P((STREAM_AXIS, TABLE_AXIS), None))
    return fn(ids, merge_ranks)


if __name__ == "__main__":
    print(main(*inputs()))
