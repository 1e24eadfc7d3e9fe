"""Export a distributed k-mer table: minimiser counts live on (sample, bucket) shards; the
axis names come from the job environment, as in the cluster launcher."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLE_AXIS = os.environ.get("KMER_SAMPLE_AXIS", "sample")
BUCKET_AXIS = os.environ.get("KMER_BUCKET_AXIS", "bucket")


def gather_buckets(table, axes):
    return jax.lax.all_gather(table, axes, axis=1, tiled=True, to="reduced")


def dump_table(table):
    per_sample = gather_buckets(table, BUCKET_AXIS)
    everything = gather_buckets(per_sample, (SAMPLE_AXIS, BUCKET_AXIS))
    return per_sample, everything


def count(minimizers):
    table = jax.nn.one_hot(minimizers, 8).sum(axis=1)
    return dump_table(table)


def main(minimizers, mesh):
    minimizers = jax.device_put(minimizers, NamedSharding(mesh, P(SAMPLE_AXIS, BUCKET_AXIS)))
    fn = jax.shard_map(count, mesh=mesh, in_specs=P(SAMPLE_AXIS, BUCKET_AXIS),
                       out_specs=(P(SAMPLE_AXIS, None, reduced={BUCKET_AXIS}),
                                  P(None, None, reduced={SAMPLE_AXIS, BUCKET_AXIS})))
    return fn(minimizers)


def inputs():
    mesh = jax.make_mesh((2, 4), (SAMPLE_AXIS, BUCKET_AXIS))
    return jax.random.randint(jax.random.key(6), (4, 8, 10), 0, 8), mesh
