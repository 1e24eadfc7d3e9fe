"""A training script's parser, its axes option split into a tuple right after parsing
(`args.axes = tuple(args.axes.split(","))`), and an option added below the parsing helper."""
import argparse

import jax
from jax.sharding import PartitionSpec as P

parser = argparse.ArgumentParser(description="train")
parser.add_argument("--axes", default="i,j", type=str)


def _parse_args(argv=()):
    args = parser.parse_args(list(argv))
    args.axes = tuple(args.axes.split(","))
    return args


parser.add_argument("--lr", default=0.1, type=float)


def reduce_tensor(tensor, axis_name):
    return jax.lax.pmean(tensor, axis_name)  # SF105


def train_one_epoch(args):
    def step(x):
        loss = jax.lax.psum(x, "j")
        return reduce_tensor(loss, args.axes)

    return step


def main(mesh, x):
    args = _parse_args(["--lr", "0.2"])
    return jax.shard_map(train_one_epoch(args), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
