"""A flag declared with `argparse.BooleanOptionalAction` and `default=True`, parsed from no
words: the branch that means the scores first is taken, and the mean is gathered to reduced."""
import argparse

import jax
from jax.sharding import PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--average-rows", action=argparse.BooleanOptionalAction, default=True)
    return parser.parse_args(argv)


def make_score(args):
    def score(x):
        if args.average_rows:
            x = jax.lax.pmean(x, "i")
        return jax.lax.all_gather(x, "i", tiled=True, to="reduced")  # SF101
    return score


def main(mesh, x):
    args = parse_args([])
    return jax.shard_map(make_score(args), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
