"""Feature-level statistics of the sparse lookups, logged each step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FEATURE_REGISTRY = {}


def register_feature(name, table, pooling="sum"):
    FEATURE_REGISTRY[name] = {"table": table, "pooling": pooling}


for _i, _feat in enumerate(["user_id", "item_id", "category", "brand"]):
    register_feature(_feat, f"t_{_feat}")

STAT_AXES = {"table": "shard", "log": ["dp", "shard"]}


def coverage_stats(ids, axes=STAT_AXES):
    valid = (ids >= 0).astype(jnp.float32).mean(axis=0)
    per_feature = jax.lax.psum(valid, axes["table"])
    return jax.lax.pmean(per_feature, tuple(axes["log"]))


def inputs():
    rng = np.random.default_rng(3)
    return (rng.integers(-1, 50, size=(8, len(FEATURE_REGISTRY) * 4)).astype(np.int32),)


def main(ids):
    mesh = jax.make_mesh((2, 4), ("dp", "shard"))
    ids = jax.device_put(ids, NamedSharding(mesh, P("dp", "shard")))
    stats = jax.shard_map(coverage_stats, mesh=mesh, in_specs=P("dp", "shard"), out_specs=P())
    return stats(ids)


if __name__ == "__main__":
    main(*inputs())
