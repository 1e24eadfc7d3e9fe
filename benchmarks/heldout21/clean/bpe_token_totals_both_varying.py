"""Corpus statistics for the BPE trainer: tokens per shard and the corpus-wide token count."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class TrainerArgs:
    pad_id: int = 0
    corpus_axis: str = "docs"
    bucket_axis: str = "buckets"
    stat_axes: tuple = ()


DEFAULTS = TrainerArgs()
ARGS = dataclasses.replace(DEFAULTS, stat_axes=(DEFAULTS.corpus_axis, DEFAULTS.bucket_axis))


def corpus_stats(ids, args=ARGS):
    mask = (ids != args.pad_id).astype(jnp.float32)
    per_doc = jax.lax.psum(jnp.sum(mask, axis=1), args.bucket_axis)
    longest = jax.lax.pmax(jnp.max(per_doc), args.corpus_axis)
    total = jax.lax.psum(jnp.sum(mask), args.stat_axes)
    return per_doc / longest, total


def inputs():
    rng = np.random.default_rng(59)
    ids = rng.integers(0, 32, size=(8, 32)).astype(np.int32)
    ids[:, 24:] = 0
    return (ids,)


def main(ids):
    mesh = jax.make_mesh((2, 4), ARGS.stat_axes)
    spec = P(ARGS.corpus_axis, ARGS.bucket_axis)
    ids = jax.device_put(ids, NamedSharding(mesh, spec))
    fn = jax.shard_map(corpus_stats, mesh=mesh, in_specs=spec, out_specs=(P(ARGS.corpus_axis), P()))
    return fn(ids)


if __name__ == "__main__":
    print(main(*inputs()))
