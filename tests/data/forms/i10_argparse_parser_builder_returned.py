import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser(prog="train")
    parser.add_argument("--dp-axis", default="i")
    parser.add_argument("--tp-axis", default="j")
    return parser


ARGS = build_parser().parse_args([])


def loss(x):
    y = lax.pmean(x, ARGS.dp_axis)
    return lax.all_gather(y, ARGS.dp_axis, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(loss, mesh=mesh, in_specs=P(ARGS.dp_axis), out_specs=P(reduced={"i"}))(x)
