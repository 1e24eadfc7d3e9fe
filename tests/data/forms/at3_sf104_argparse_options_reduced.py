import argparse

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", default="i")
    parser.add_argument("--cols", type=str, default="j")
    return parser


def run(mesh, x, argv=()):
    args = build_parser().parse_args(argv)
    with jax.set_mesh(mesh):
        tiles = jax.reshard(x, P(args.rows, args.cols))
        merged = top_level_all_gather(tiles, P(None, args.cols))  # SF104
        return merged
