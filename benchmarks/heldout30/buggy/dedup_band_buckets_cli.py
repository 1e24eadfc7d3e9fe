"""MinHash-LSH deduplication: bucket occupancy per LSH band, with the mesh axes given as CLI flags."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def get_parser():
    parser = argparse.ArgumentParser(description="near-duplicate detection")
    parser.add_argument("--shard-axis", default="shards")
    parser.add_argument("--band-axis", default="bands")
    parser.add_argument("--num-buckets", type=int, default=16)
    return parser


def band_occupancy(band_hashes, args):
    buckets = jax.nn.one_hot(band_hashes % args.num_buckets, args.num_buckets).sum(axis=0)
    occupancy = jax.lax.psum(buckets, args.shard_axis)
    table = jax.lax.all_gather(occupancy, args.shard_axis, axis=0, tiled=True, to="reduced")
    return jnp.max(table, axis=0)


def inputs():
    rng = np.random.default_rng(149)
    return (rng.integers(0, 1 << 20, (32, 8)).astype(np.int32),)


def main(band_hashes):
    args = get_parser().parse_args([])
    mesh = jax.make_mesh((4, 2), (args.shard_axis, args.band_axis))
    spec = P(args.shard_axis, args.band_axis)
    band_hashes = jax.device_put(band_hashes, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda h: band_occupancy(h, args), mesh=mesh, in_specs=spec,
                       out_specs=P(args.band_axis))
    return fn(band_hashes)


if __name__ == "__main__":
    print(main(*inputs()))
