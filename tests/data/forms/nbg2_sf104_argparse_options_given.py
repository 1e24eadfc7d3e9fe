import argparse

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axes", default="i,j")
    parser.add_argument("--export-axis", default="j")
    return parser.parse_args(argv)


def rows_layout(args):
    return P(tuple(args.axes.split(",")), None)


def export_layout(args):
    return P(args.export_axis, None)


def main(mesh, w):
    args = parse_args(["--axes", "i", "--export-axis", "i"])
    w = jax.device_put(w, NamedSharding(mesh, rows_layout(args)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, export_layout(args))  # none
