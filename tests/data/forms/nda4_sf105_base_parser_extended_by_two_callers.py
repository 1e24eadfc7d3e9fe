"""The same shared helper, extended by two scripts' parsers with different defaults: which options
a parser the helper made has depends on its caller, so nothing is read from either. The parser
used pools over 'j' alone, which the row sum left varying: legal."""
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
    p.add_argument("--pool-axes", default="j")
    return p


def get_wide_parser():
    p = base_parser(__doc__)
    p.add_argument("--pool-axes", default="i,j")
    return p


def pooled(x, args):
    rows = jax.lax.psum(x, args.row_axis)
    return jax.lax.psum(rows, tuple(args.pool_axes.split(",")))


def main(mesh, x):
    args = get_parser().parse_args([])
    f = jax.shard_map(functools.partial(pooled, args=args), mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    return f(x)
