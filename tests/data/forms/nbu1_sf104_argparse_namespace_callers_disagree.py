import argparse

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--layout", default="i,j")
    return parser.parse_args(argv)


def load(mesh, args):
    table = jnp.arange(64, dtype=jnp.float32).reshape(8, 8)
    spec = P(tuple(args.layout.split(",")), None)
    return jax.device_put(table, NamedSharding(mesh, spec))


def main(mesh, x):
    wide = load(mesh, parse_args([]))
    narrow = load(mesh, parse_args(["--layout", "j"]))
    with jax.set_mesh(mesh):
        return wide, top_level_all_gather(narrow, P(None, None, reduced={"j"}))  # none
