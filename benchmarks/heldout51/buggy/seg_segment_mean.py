"""segment_mean for values split over nonzeros and features; ids are split over nonzeros only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("nnz", "feat")


def segment_mean(data, segment_ids, num_segments, axes=AXES):
    sums = jax.ops.segment_sum(data, segment_ids, num_segments=num_segments)
    counts = jax.ops.segment_sum(jnp.ones_like(segment_ids, jnp.float32), segment_ids,
                                 num_segments=num_segments)
    sums = jax.lax.psum(sums, axes[0])
    counts = jax.lax.psum(counts, axes)
    return sums / jnp.maximum(counts, 1.0)[:, None]


def inputs():
    rng = np.random.default_rng(54)
    return rng.normal(size=(32, 8)).astype(np.float32), rng.integers(0, 6, size=32).astype(np.int32)


def main(data, ids):
    mesh = jax.make_mesh((4, 2), AXES)
    data = jax.device_put(data, NamedSharding(mesh, P("nnz", "feat")))
    ids = jax.device_put(ids, NamedSharding(mesh, P("nnz")))
    return jax.shard_map(lambda d, i: segment_mean(d, i, 6), mesh=mesh,
                         in_specs=(P("nnz", "feat"), P("nnz")), out_specs=P(None, "feat"))(data, ids)


if __name__ == "__main__":
    main(*inputs())
