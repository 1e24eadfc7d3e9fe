import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="j")
    return parser


def parse(argv=()):
    parser = build_parser()
    parser.set_defaults(axis="i")  # the caller changes the builder's default
    return parser.parse_args(list(argv))


def run(mesh, x):
    args = parse()
    f = jax.shard_map(lambda v: lax.all_gather(v, args.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
