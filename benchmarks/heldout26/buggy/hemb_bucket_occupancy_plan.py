"""Multi-hash feature buckets: occupancy statistics per shard, collected for rebalancing."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SHARDING_PLAN = {
    "item_id": {"type": "column_wise", "axes": ("data", "table")},
    "occupancy": {"local": "table", "all": ("data", "table")},
}
NUM_HASHES = 2
SEEDS = (0x45D9F3B, 0x27D4EB2D)


def bucket(ids, seed, buckets):
    return ((ids * seed) >> 7) % buckets


def occupancy(ids, buckets_per_shard=16):
    counts = sum(jax.nn.one_hot(bucket(ids, s, buckets_per_shard), buckets_per_shard).sum((0, 1))
                 for s in SEEDS[:NUM_HASHES])
    plan = SHARDING_PLAN["occupancy"]
    per_table = jax.lax.all_gather(counts[None], plan["local"], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(per_table, plan["all"], axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(2662)
    return (rng.integers(0, 1 << 20, (16, 8)).astype(np.uint32),)


def main(ids):
    mesh = jax.make_mesh((2, 4), SHARDING_PLAN["item_id"]["axes"])
    ids = jax.device_put(ids, NamedSharding(mesh, P("data", "table")))
    fn = jax.shard_map(occupancy, mesh=mesh, in_specs=P("data", "table"),
                       out_specs=P(None, None, reduced={"data", "table"}))
    return fn(ids)


if __name__ == "__main__":
    print(main(*inputs()))
