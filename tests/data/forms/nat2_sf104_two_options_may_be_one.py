import argparse

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


def run(mesh, x, argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--shard", default="i")
    parser.add_argument("--collect", default="i")
    args = parser.parse_args(argv)
    with jax.set_mesh(mesh):
        rows = jax.reshard(x, P(args.shard, None))
        # Right when both options name one axis (the defaults do): nothing proves them apart.
        return top_level_all_gather(rows, P(None, None, reduced={args.collect}))
