"""Export the discrete codes of a speech codec for a downstream language model.

    python voc_tlag_codes_export.py --export-axis time
"""
import argparse

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mesh", default="2,4")
    parser.add_argument("--axes", default="batch,time")
    parser.add_argument("--export-axis", default="time")
    return parser.parse_args(argv)


def codes_layout(args):
    return P(tuple(args.axes.split(",")), None)


def export_layout(args):
    return P(args.export_axis, None)


def inputs():
    return (np.arange(8 * 6, dtype=np.int32).reshape(8, 6) % 1024,)


def main(codes):
    args = parse_args([])
    mesh = jax.make_mesh(tuple(int(n) for n in args.mesh.split(",")), tuple(args.axes.split(",")))
    codes = jax.device_put(codes, NamedSharding(mesh, codes_layout(args)))
    with jax.set_mesh(mesh):
        exported = top_level_all_gather(codes, export_layout(args))
    return exported


if __name__ == "__main__":
    print(main(*inputs()))
