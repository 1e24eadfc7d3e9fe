"""Reduction axes picked by bisect over sequence-length buckets."""
import bisect

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BUCKETS = [64, 512, 4096]
BUCKET_AXES = [("model",), ("model",), ("data", "model"), ("data", "model")]


def body(tokens, seq_len):
    axes = BUCKET_AXES[bisect.bisect_right(BUCKETS, seq_len)]
    counts = jax.lax.psum(jnp.sum(tokens, axis=1), "model")
    return jax.lax.psum(counts, axes)


def inputs():
    return (np.ones((16, 8), np.float32), 1024)


def main(tokens, seq_len):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(lambda t: body(t, seq_len), mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P())
    return fn(jax.device_put(tokens, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
