"""A shared helper builds the argument parser and returns it; the script's own `get_parser` adds
its options to it, and the namespace is parsed from an argument list the code writes. The summed
value is invariant over 'i' when the second psum covers ('i', 'j')."""
import argparse
import functools

import jax
from jax.sharding import PartitionSpec as P


def base_parser(description):
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--row-axis", default="i")
    return p


def get_parser():
    p = base_parser(__doc__)
    p.add_argument("--pool-axes", default="i,j")
    return p


def pooled(x, args):
    rows = jax.lax.psum(x, args.row_axis)
    return jax.lax.psum(rows, tuple(args.pool_axes.split(",")))  # SF105


def main(mesh, x):
    args = get_parser().parse_args([])
    f = jax.shard_map(functools.partial(pooled, args=args), mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    return f(x)
