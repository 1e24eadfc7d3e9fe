"""Byte-level LM: the 256-entry byte embedding table is regathered for the inference export."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--mesh-axes", default="batch,patch")
    parser.add_argument("--train-layout", default="patch,batch")
    parser.add_argument("--export-layout", default="batch")
    return parser.parse_args(argv)


def train_spec(args):
    return P(tuple(args.train_layout.split(",")), None)


def export_spec(args):
    gathered = set(args.train_layout.split(",")) - {args.export_layout}
    return P(args.export_layout, None, reduced=gathered)


def inputs():
    return (np.random.default_rng(5).normal(size=(256, 8)).astype(np.float32),)


def main(table):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), tuple(args.mesh_axes.split(",")))
    table = jax.device_put(table, NamedSharding(mesh, train_spec(args)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(table, export_spec(args))


if __name__ == "__main__":
    main(*inputs())
