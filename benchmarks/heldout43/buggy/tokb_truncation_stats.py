"""Tokenizer truncation statistics: how many prompt tokens were cut at max_length."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, Enum):
    BATCH = "batch"
    SEQ = "seq"


MAX_LENGTH = 32


def truncation_stats(kept_mask, raw_lengths):
    kept = jax.lax.psum(jnp.sum(kept_mask, axis=1), Axis.SEQ.value)
    cut = jnp.maximum(raw_lengths[:, 0] - kept, 0.0)
    return jax.lax.psum(jnp.sum(cut), tuple(a.value for a in Axis))


def inputs():
    rng = np.random.default_rng(54)
    raw = rng.integers(4, 64, size=(8, 1)).astype(np.float32)
    kept_mask = (np.arange(MAX_LENGTH)[None, :] < np.minimum(raw, MAX_LENGTH)).astype(np.float32)
    return kept_mask, raw


def main(kept_mask, raw_lengths):
    mesh = jax.make_mesh((2, 4), tuple(a.value for a in Axis))
    kept_mask = jax.device_put(kept_mask, NamedSharding(mesh, P(Axis.BATCH.value, Axis.SEQ.value)))
    raw_lengths = jax.device_put(raw_lengths, NamedSharding(mesh, P(Axis.BATCH.value, None)))
    fn = jax.jit(jax.shard_map(truncation_stats, mesh=mesh,
                               in_specs=(P(Axis.BATCH.value, Axis.SEQ.value), P(Axis.BATCH.value, None)),
                               out_specs=P()))
    return fn(kept_mask, raw_lengths)


if __name__ == "__main__":
    main(*inputs())
