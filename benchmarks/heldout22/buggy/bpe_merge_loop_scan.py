"""Greedy BPE merges: each step takes the most frequent pair from the vocab-sharded count table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DOCS, VOCAB = "docs", "vocab"
NUM_MERGES = 4


def corpus_counts(counts):
    return jax.lax.psum(counts.sum(axis=0), DOCS)


def learn_merges(counts):
    table = corpus_counts(counts)
    n_local = table.shape[0]

    def merge_step(table, _):
        full = jax.lax.all_gather(table, VOCAB, axis=0, tiled=True, to="reduced")
        top = jax.lax.pmax(full, VOCAB)
        best = jnp.argmax(top)
        local_idx = best - jax.lax.axis_index(VOCAB) * n_local
        table = jnp.where(jnp.arange(n_local) == local_idx, 0.0, table)
        return table, best

    _, merges = jax.lax.scan(merge_step, table, None, length=NUM_MERGES)
    return merges


def inputs():
    return (np.random.default_rng(79).poisson(4.0, size=(8, 16)).astype(np.float32),)


def main(counts):
    mesh = jax.make_mesh((4, 2), (DOCS, VOCAB))
    counts = jax.device_put(counts, NamedSharding(mesh, P(DOCS, VOCAB)))
    return jax.shard_map(learn_merges, mesh=mesh, in_specs=P(DOCS, VOCAB), out_specs=P())(counts)


if __name__ == "__main__":
    print(main(*inputs()))
