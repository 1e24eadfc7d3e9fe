"""Time-ordered data loader: reshuffle detector timestreams into the map-making layout."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--read-layout", default="det,scan")
    parser.add_argument("--map-layout", default="scan")
    return parser.parse_args(argv)


def read_spec(args):
    return P(tuple(args.read_layout.split(",")), None)


def map_spec(args):
    return P(args.map_layout, None)


def inputs():
    rng = np.random.default_rng(63)
    return (rng.normal(size=(64, 32)).astype(np.float32),)


def main(tod):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), ("det", "scan"))
    with jax.set_mesh(mesh):
        tod = jax.device_put(tod, NamedSharding(mesh, read_spec(args)))
        return top_level_all_gather(tod, map_spec(args))


if __name__ == "__main__":
    main(*inputs())
