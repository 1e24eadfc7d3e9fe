"""Sequence-length histogram over padding buckets, pooled across the whole serving fleet."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BUCKETS = (16, 32, 64, 128)
FLEET = {"replica": 4, "slot": 2}


def bucket_counts(lengths):
    edges = jnp.asarray(BUCKETS)
    return jnp.sum(lengths[..., None] <= edges, axis=(0, 1)).astype(jnp.float32)


def fleet_histogram(lengths, replica_axis="replica", slot_axis="slot"):
    per_replica = jax.lax.all_gather(bucket_counts(lengths), slot_axis, to="reduced")
    pooled = jax.lax.all_gather(per_replica, (replica_axis, slot_axis), to="reduced")
    return pooled


def inputs():
    rng = np.random.default_rng(11)
    return (rng.integers(1, 128, size=(8, 8)).astype(np.int32),)


def main(lengths):
    mesh = jax.make_mesh(tuple(FLEET.values()), tuple(FLEET))
    lengths = jax.device_put(lengths, NamedSharding(mesh, P("replica", "slot")))
    fn = jax.shard_map(fleet_histogram, mesh=mesh, in_specs=P("replica", "slot"),
                       out_specs=P(reduced={"replica", "slot"}))
    return fn(lengths)


if __name__ == "__main__":
    print(main(*inputs()))
