"""Alignment patterns redistributed from the likelihood layout to the bootstrap layout."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser(description="bootstrap replicates")
    parser.add_argument("--likelihood-layout", default="site,rate")
    parser.add_argument("--bootstrap-layout", default="rate")
    parser.add_argument("--replicates", type=int, default=100)
    return parser


def layout(option):
    return P(tuple(option.split(",")), None)


def inputs():
    patterns = np.random.default_rng(43).integers(0, 4, size=(16, 32)).astype(np.float32)
    return (patterns,)


def main(patterns):
    args = build_parser().parse_args([])
    mesh = jax.make_mesh((2, 4), ("rate", "site"))
    patterns = jax.device_put(patterns, NamedSharding(mesh, layout(args.likelihood_layout)))
    with jax.set_mesh(mesh):
        boot = jax.reshard(patterns, layout(args.bootstrap_layout))
    return boot


if __name__ == "__main__":
    main(*inputs())
