"""Population-based training checkpoint: member weights gathered for a host-side writer."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--member-axis", default="member")
    parser.add_argument("--data-axis", default="data")
    parser.add_argument("--population", type=int, default=4)
    return parser.parse_args(argv)


def place_population(weights, mesh, args):
    return jax.device_put(weights, NamedSharding(mesh, P(args.member_axis, args.data_axis)))


def checkpoint_view(weights, args):
    spec = P(None, None, reduced={args.member_axis, args.data_axis})
    return top_level_all_gather(weights, spec)


def inputs():
    rng = np.random.default_rng(34)
    return (rng.normal(size=(4, 8)).astype(np.float32),)


def main(weights):
    args = parse_args([])
    mesh = jax.make_mesh((args.population, 2), (args.member_axis, args.data_axis))
    placed = place_population(weights, mesh, args)
    with jax.set_mesh(mesh):
        return checkpoint_view(placed, args)


if __name__ == "__main__":
    main(*inputs())
