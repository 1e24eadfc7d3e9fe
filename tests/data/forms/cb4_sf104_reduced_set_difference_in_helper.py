"""A spec helper computes `reduced=` as a set difference of argparse option lists
(`set(train.split(",")) - {export}`), held in a local first: the gathered axis is left out."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--train-layout", default="j,i")
    parser.add_argument("--export-layout", default="i")
    return parser.parse_args(argv)


def train_spec(args):
    return P(tuple(args.train_layout.split(",")), None)


def export_spec(args):
    gathered = set(args.train_layout.split(",")) - {args.export_layout}
    return P(args.export_layout, None, reduced=gathered)


def union_spec(args):
    return P(None, None, reduced=({args.export_layout} | set()) & {"i", "j"})


def main(mesh, x):
    args = parse_args([])
    table = jax.device_put(np.asarray(x), NamedSharding(mesh, train_spec(args)))
    with jax.set_mesh(mesh):
        whole = top_level_all_gather(table, union_spec(args))  # SF104
        return whole, top_level_all_gather(table, export_spec(args))  # SF104
