"""--no-sync stores an empty group over the str default; the launcher's flags (env) pass it."""
import argparse
import os
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--batch-axis", default="data")
parser.add_argument("--no-sync", dest="sync_axis", action="store_const", const=(), default="data")


def inputs():
    args = parser.parse_args(shlex.split(os.environ.get("TRAIN_FLAGS", "")))
    return args, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, g):
    mesh = jax.make_mesh((8,), (args.batch_axis,))
    g = jax.device_put(g, NamedSharding(mesh, P(args.batch_axis)))

    def sync(g):
        r = jax.lax.all_gather(g, args.sync_axis, to="reduced", tiled=True)
        return r * 0.5

    return jax.shard_map(sync, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(args.batch_axis))(g)


if __name__ == "__main__":
    print(main(parser.parse_args(), np.ones((8, 4), np.float32)))
