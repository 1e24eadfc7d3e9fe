"""Two-tower retrieval with hashed item ids: in-batch negatives shared across data shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def hashed_lookup(table, ids):
    return table[ids % table.shape[0]]


def make_sampler(axis):
    def shared_items(item_emb):
        return jax.lax.all_gather(item_emb, axis, axis=0, tiled=True, to="reduced")

    def negatives(item_emb):
        pool = shared_items(item_emb)
        return jax.lax.all_gather(pool, axis, axis=0, tiled=True)
    return negatives


def two_tower(table, user_emb, item_ids, sampler):
    items = hashed_lookup(table, item_ids)
    negs = sampler(items)
    return user_emb @ negs.T


def inputs():
    rng = np.random.default_rng(2663)
    return (rng.standard_normal((64, 8)).astype(np.float32), rng.standard_normal((16, 8)).astype(np.float32),
            rng.integers(0, 1 << 16, (16,)).astype(np.int32))


def main(table, user_emb, item_ids):
    mesh = jax.make_mesh((8,), ("data",))
    table = jax.device_put(table, NamedSharding(mesh, P()))
    user_emb = jax.device_put(user_emb, NamedSharding(mesh, P("data")))
    item_ids = jax.device_put(item_ids, NamedSharding(mesh, P("data")))
    sampler = make_sampler("data")
    fn = jax.shard_map(lambda t, u, i: two_tower(t, u, i, sampler), mesh=mesh,
                       in_specs=(P(), P("data"), P("data")), out_specs=P("data"))
    return fn(table, user_emb, item_ids)


if __name__ == "__main__":
    print(main(*inputs()))
