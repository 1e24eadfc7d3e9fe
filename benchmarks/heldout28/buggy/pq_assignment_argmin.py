"""Nearest-codeword assignment for query batches, the codebook sharded over devices."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SHARD = "shard"


def batches(queries, size):
    it = iter(range(0, queries.shape[0], size))
    for start in itertools.islice(it, None):
        yield queries[start:start + size]


def half_norms(codewords):
    return 0.5 * jnp.sum(codewords * codewords, axis=-1)


def assign_batches(queries, codebook, batch=4):
    codewords = jax.lax.all_gather(codebook, SHARD, tiled=True, to="reduced")
    bias = half_norms(codewords)
    out = []
    for q in batches(queries, batch):
        scores = q @ codewords.T - bias
        out.append(jnp.argmax(scores, axis=-1))
    return jnp.concatenate(out)


def inputs():
    rng = np.random.default_rng(39)
    return (rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(32, 4)).astype(np.float32))


def main(queries, codebook):
    mesh = jax.make_mesh((8,), (SHARD,))
    queries = jax.device_put(queries, NamedSharding(mesh, P()))
    codebook = jax.device_put(codebook, NamedSharding(mesh, P(SHARD, None)))
    return jax.shard_map(assign_batches, mesh=mesh, in_specs=(P(), P(SHARD, None)),
                         out_specs=P())(queries, codebook)


if __name__ == "__main__":
    print(main(*inputs()))
