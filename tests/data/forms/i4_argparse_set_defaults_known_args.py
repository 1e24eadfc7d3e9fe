import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def options():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default="0.1")
    parser.set_defaults(sync_axes="i,j")
    args, _ = parser.parse_known_args(args=[])
    return args


ARGS = options()


def step(x, args=ARGS):
    g = x * args.lr
    return lax.pmean(g, tuple(args.sync_axes.split(",")))  # SF105


def run(mesh, x):
    return jax.shard_map(step, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
