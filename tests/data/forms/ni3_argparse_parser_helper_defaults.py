import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def add_common(parser):
    parser.set_defaults(axis="i")  # a helper may change any option: the parser is not followed


def parse_args(argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="j")
    add_common(parser)
    return parser.parse_args(list(argv))


def run(mesh, x):
    args = parse_args()
    f = jax.shard_map(lambda v: lax.all_gather(v, args.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
