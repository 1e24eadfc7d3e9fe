"""--sync takes a comma list or 'none' (the default), converted by its type= function."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def axes_arg(text):
    return () if text == "none" else tuple(text.split(","))


parser = argparse.ArgumentParser()
parser.add_argument("--batch-axis", default="data")
parser.add_argument("--sync", type=axes_arg, default="none")


def inputs():
    args, _ = parser.parse_known_args()
    return args, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, g):
    mesh = jax.make_mesh((8,), (args.batch_axis,))
    g = jax.device_put(g, NamedSharding(mesh, P(args.batch_axis)))

    def step(g):
        r = jax.lax.all_gather(g, args.sync, to="reduced", tiled=True)
        return jax.lax.psum(r, args.sync) - 1.0

    return jax.shard_map(step, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(args.batch_axis))(g)


if __name__ == "__main__":
    print(main(parser.parse_args(), np.ones((8, 4), np.float32)))
