"""The same script with a module-level call between the parsing helper and the option added
below it: that call may run the helper before the option exists, so the parse is not followed."""
import argparse

import jax
from jax.sharding import PartitionSpec as P

parser = argparse.ArgumentParser(description="train")
parser.add_argument("--axes", default="i,j", type=str)


def _parse_args(argv=()):
    args = parser.parse_args(list(argv))
    args.axes = tuple(args.axes.split(","))
    return args


WARM = _parse_args([])
parser.add_argument("--lr", default=0.1, type=float)


def reduce_tensor(tensor, axis_name):
    return jax.lax.pmean(tensor, axis_name)


def train_one_epoch(args):
    def step(x):
        loss = jax.lax.psum(x, "j")
        return reduce_tensor(loss, args.axes)

    return step


def main(mesh, x):
    args = _parse_args(["--lr", "0.2"])
    return jax.shard_map(train_one_epoch(args), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
