"""Two options share a dest: argparse fills the namespace from the first one's default."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import argparse

parser = argparse.ArgumentParser()
parser.add_argument("--sync", default="i,j")
parser.add_argument("--all", dest="sync", action="store_const", const="i,j", default="i,j")


def main(mesh, x):
    args = parser.parse_args([])
    axes = tuple(args.sync.split(","))

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
