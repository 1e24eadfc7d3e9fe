"""SF101: an argparse option with `type=lambda` keeps its tuple default as written (argparse
converts only text), unpacked in a body factory."""
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
        return jax.lax.all_gather(summed, first, axis=1, tiled=True, to="reduced")  # SF101

    return body


def main(mesh, x):
    args = get_args([])
    return jax.shard_map(make_body(args), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
