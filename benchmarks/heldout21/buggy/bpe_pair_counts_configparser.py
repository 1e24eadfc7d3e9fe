"""BPE trainer step: count adjacent token pairs over corpus shards (settings from an .ini)."""
import configparser

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = configparser.ConfigParser()
SETTINGS.read_string("""
[trainer]
vocab_size = 16
min_frequency = 2

[mesh]
corpus_axis = docs
bucket_axis = buckets
shape = 2,4
""")


def pair_histogram(ids, vocab):
    pair_ids = ids[:, :-1] * vocab + ids[:, 1:]
    return jnp.zeros((vocab * vocab,), jnp.float32).at[pair_ids.ravel()].add(1.0)


def count_pairs(ids):
    vocab = SETTINGS.getint("trainer", "vocab_size")
    corpus = SETTINGS.get("mesh", "corpus_axis")
    local = pair_histogram(ids, vocab)
    counts = jax.lax.psum(local, corpus)
    table = jax.lax.all_gather(counts, corpus, axis=0, tiled=True, to="reduced")
    return table


def inputs():
    rng = np.random.default_rng(43)
    return (rng.integers(0, 16, size=(16, 24)).astype(np.int32),)


def main(ids):
    shape = tuple(int(n) for n in SETTINGS.get("mesh", "shape").split(","))
    corpus, buckets = SETTINGS.get("mesh", "corpus_axis"), SETTINGS.get("mesh", "bucket_axis")
    mesh = jax.make_mesh(shape, (corpus, buckets))
    ids = jax.device_put(ids, NamedSharding(mesh, P((corpus, buckets))))
    fn = jax.shard_map(count_pairs, mesh=mesh, in_specs=P((corpus, buckets)),
                       out_specs=P(buckets, reduced={corpus}))
    return fn(ids)


if __name__ == "__main__":
    print(main(*inputs()))
