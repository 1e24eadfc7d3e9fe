"""Silent: the command line given to parse_args is text, which the `type=lambda` converts; the
analysis does not run the lambda, so the axes are unknown (here they are ("j", "i"))."""
import argparse

import jax
from jax.sharding import PartitionSpec as P


def get_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--axes", type=lambda s: tuple(s.split(",")), default=("i", "j"))
    return p.parse_args(argv)


def make_body(args):
    first, second = args.axes

    def body(x):
        summed = jax.lax.psum(x, "i")
        return jax.lax.all_gather(summed, first, axis=1, tiled=True, to="reduced")  # none

    return body


def main(mesh, x):
    args = get_args(["--axes", "j,i"])
    return jax.shard_map(make_body(args), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)
