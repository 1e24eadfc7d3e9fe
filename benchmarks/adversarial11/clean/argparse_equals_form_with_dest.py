"""--sync=i sets the option stored under its dest name."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import argparse


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", dest="sync_axes", default="i,j")
    args = parser.parse_args(argv)
    args.sync_axes = tuple(args.sync_axes.split(","))
    return args


def main(mesh, x):
    args = parse(["--sync=i"])

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, args.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
