"""VICReg expander export for the evaluation job: the axis names come from the command line, and
the export helper is called without a context mesh."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--mesh-axes", default="data,feat")
    parser.add_argument("--expander-axis", default="feat")
    return parser.parse_args(argv)


def export_expander(kernel, args):
    return top_level_all_gather(kernel, P(None, None, reduced={args.expander_axis}))


def inputs():
    return (np.random.default_rng(53).normal(size=(32, 64)).astype(np.float32),)


def main(kernel):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), tuple(args.mesh_axes.split(",")))
    kernel = jax.device_put(kernel, NamedSharding(mesh, P(None, args.expander_axis)))
    return export_expander(kernel, args)


if __name__ == "__main__":
    main(*inputs())
