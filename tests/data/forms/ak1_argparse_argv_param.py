import argparse

import jax
from jax.sharding import PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-axis", default="i")
    parser.add_argument("--model-axis", default="j", type=str)
    return parser


def main(mesh, x, argv=None):
    args = build_parser().parse_args(argv)

    def step(v):
        total = jax.lax.psum(v, args.data_axis)
        return jax.lax.all_gather(total, args.data_axis, tiled=True, to="reduced")  # SF101

    f = jax.shard_map(step, mesh=mesh, in_specs=P(args.data_axis, args.model_axis),
                      out_specs=P(None, args.model_axis, reduced={args.data_axis}))
    return f(x)
