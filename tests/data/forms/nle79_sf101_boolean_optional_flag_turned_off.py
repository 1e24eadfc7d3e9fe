"""The same flag turned off by its negative form `--no-average-rows`: the rows are gathered as they
vary."""
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
        return jax.lax.all_gather(x, "i", tiled=True, to="reduced")
    return score


def main(mesh, x):
    args = parse_args(["--no-average-rows"])
    return jax.shard_map(make_score(args), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
