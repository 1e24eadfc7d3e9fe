"""Corpus-level BLEU sufficient statistics summed over data-parallel workers."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MAX_ORDER = 4


class BleuStats(NamedTuple):
    correct: jax.Array
    total: jax.Array


def ngram_matches(hyp, ref):
    correct, total = [], []
    for n in range(1, MAX_ORDER + 1):
        width = hyp.shape[1] - n + 1
        hit = jnp.ones((hyp.shape[0], width), bool)
        for k in range(n):
            hit = hit & (hyp[:, k:k + width] == ref[:, k:k + width])
        correct.append(jnp.sum(hit))
        total.append(jnp.asarray(hyp.shape[0] * width))
    return BleuStats(jnp.stack(correct).astype(jnp.float32), jnp.stack(total).astype(jnp.float32))


def _replicate(counts, axis):
    return jax.lax.all_gather(counts, axis, to="reduced")


def corpus_stats(hyp, ref):
    stats = ngram_matches(hyp, ref)
    stats = jax.tree.map(functools.partial(jax.lax.psum, axis_name="data"), stats)
    return _replicate(stats.correct, "data")


def inputs():
    rng = np.random.default_rng(30)
    ref = rng.integers(0, 6, size=(8, 16)).astype(np.int32)
    hyp = np.where(rng.random((8, 16)) < 0.7, ref, 7).astype(np.int32)
    return hyp, ref


def main(hyp, ref):
    mesh = jax.make_mesh((2, 4), ("data", "shard"))
    spec = P("data", "shard")
    hyp = jax.device_put(hyp, NamedSharding(mesh, spec))
    ref = jax.device_put(ref, NamedSharding(mesh, spec))
    fn = jax.shard_map(
        corpus_stats,
        mesh=mesh,
        in_specs=(spec, spec),
        out_specs=P(None, "shard", reduced={"data"}),
    )
    return fn(hyp, ref)


if __name__ == "__main__":
    main(*inputs())
