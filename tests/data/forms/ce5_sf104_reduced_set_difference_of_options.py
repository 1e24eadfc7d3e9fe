"""`reduced=` a set difference of parsed options, built in a helper
(`gathered = set(args.axes.split(",")) - {args.keep}`): the out spec keeps `i` but the input
shards dimension 0 over ("j", "i"), so `i` is no prefix."""
import argparse

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axes", default="j,i")
    parser.add_argument("--keep", default="i")
    return parser.parse_args(argv)


def placed_spec(args):
    return P(tuple(args.axes.split(",")), None)


def export_spec(args):
    gathered = set(args.axes.split(",")) - {args.keep}
    return P(args.keep, None, reduced=gathered)


def main(mesh, x):
    args = parse_args([])
    with jax.set_mesh(mesh):
        placed = jax.device_put(np.asarray(x), NamedSharding(mesh, placed_spec(args)))
        return top_level_all_gather(placed, export_spec(args))  # SF104
