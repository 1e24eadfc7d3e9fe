"""Near misses of cb4: the difference leaves exactly the gathered axis (the export keeps the
first axis of the tuple, JAX gathers the last), a local rebound after the difference (read as it
is at the return), and a union naming every axis."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--train-layout", default="i,j")
    parser.add_argument("--export-layout", default="i")
    return parser.parse_args(argv)


def export_spec(args):
    gathered = set(args.train_layout.split(",")) - {args.export_layout}
    return P(args.export_layout, None, reduced=gathered)


def rebound_spec(args):
    gathered = {args.export_layout}
    gathered = set(args.train_layout.split(",")) - gathered
    return P(args.export_layout, None, reduced=gathered)


def whole_spec(args):
    return P(None, None, reduced={args.export_layout} | set(args.train_layout.split(",")))


def main(mesh, x):
    args = parse_args([])
    table = jax.device_put(np.asarray(x), NamedSharding(mesh, P(tuple(args.train_layout.split(",")), None)))
    with jax.set_mesh(mesh):
        return (top_level_all_gather(table, export_spec(args)), top_level_all_gather(table, rebound_spec(args)),
                top_level_all_gather(table, whole_spec(args)))
