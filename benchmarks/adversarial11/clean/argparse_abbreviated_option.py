"""The argument list spells the option by a prefix argparse accepts."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import argparse


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync-axes", default="i,j")
    return parser.parse_args(argv)


def main(mesh, x):
    args = parse(["--sync", "i"])
    axes = tuple(args.sync_axes.split(","))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
