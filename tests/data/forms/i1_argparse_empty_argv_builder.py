import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def parse_args(argv=()):
    parser = argparse.ArgumentParser(description="toy trainer")
    parser.add_argument("--batch-axis", default="i")
    parser.add_argument("--model-axis", default="j")
    parser.add_argument("--steps", type=int, default="3")
    return parser.parse_args(list(argv))


def make_step(args):
    def step(x):
        total = lax.psum(x, args.batch_axis)
        return lax.all_gather(total, args.batch_axis, axis=0, tiled=True, to="reduced")  # SF101
    return step


def run(mesh, x):
    args = parse_args()
    f = jax.shard_map(make_step(args), mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(reduced={"i"}))
    return f(x)
