"""The same script, but the helper hands the namespace to a hook before fixing it up, and the
hook may set the axes: the store is not the only one the namespace meets."""
import argparse

import jax
from jax.sharding import PartitionSpec as P

parser = argparse.ArgumentParser(description="train")
parser.add_argument("--axes", default="i,j", type=str)


def _hook(args):
    args.axes = "i"


def _parse_args(argv=()):
    args = parser.parse_args(list(argv))
    _hook(args)
    args.axes = tuple(args.axes.split(","))
    return args


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
    return jax.shard_map(train_one_epoch(args), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)
