"""CLI entry: --sync-axes (comma list, empty by default) names the gradient sync group."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--batch-axis", default="data")
parser.add_argument("--sync-axes", default="data")


def inputs():
    args, _ = parser.parse_known_args()
    return args, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, g):
    sync_axes = tuple(a for a in args.sync_axes.split(",") if a)
    mesh = jax.make_mesh((8,), (args.batch_axis,))
    g = jax.device_put(g, NamedSharding(mesh, P(args.batch_axis)))

    def sync(g):
        total = jax.lax.psum(g, sync_axes)
        return jax.lax.all_gather(total, sync_axes, to="reduced", tiled=True) * 0.5

    return jax.shard_map(sync, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(args.batch_axis))(g)


if __name__ == "__main__":
    print(main(parser.parse_args(), np.ones((8, 4), np.float32)))
