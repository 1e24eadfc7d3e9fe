"""--sync turns on gradient sync over the data axis (store_const); off by default (an empty group)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--axis", default="data")
parser.add_argument("--sync", dest="sync_axes", action="store_const", const=("data",), default=())


def inputs():
    args, _ = parser.parse_known_args()
    return args, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, g):
    mesh = jax.make_mesh((8,), (args.axis,))
    g = jax.device_put(g, NamedSharding(mesh, P(args.axis)))

    def step(g):
        total = jax.lax.psum(g, args.sync_axes)
        return jax.lax.all_gather(total, args.sync_axes, to="reduced", tiled=True)

    return jax.shard_map(step, mesh=mesh, in_specs=P(args.axis), out_specs=P(args.axis))(g)


if __name__ == "__main__":
    print(main(parser.parse_args(), np.ones((8, 4), np.float32)))
