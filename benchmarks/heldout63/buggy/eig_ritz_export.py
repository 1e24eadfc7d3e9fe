"""Converged Ritz vectors are written for the restart, split by block column as the command line asks."""
import argparse

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser(description="eigensolver restart writer")
    parser.add_argument("--nev", type=int, default=4)
    parser.add_argument("--solve-layout", default="row,vec")
    parser.add_argument("--export-layout", default="none,vec")
    return parser.parse_args(argv)


def spec(text):
    return P(*(None if d == "none" else d for d in text.split(",")))


def inputs():
    rng = np.random.default_rng(63)
    return rng.standard_normal((16, 4)).astype(np.float32), parse_args([])


def main(ritz, args):
    mesh = jax.make_mesh((4, 2), ("row", "vec"))
    with jax.set_mesh(mesh):
        ritz = jax.device_put(ritz[:, : args.nev], NamedSharding(mesh, spec(args.solve_layout)))
        restart = top_level_all_gather(ritz, spec(args.export_layout))
    return np.asarray(restart)


if __name__ == "__main__":
    main(*inputs())
