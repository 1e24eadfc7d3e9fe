"""The sync option defaults to 'data', but this trainer's parser.set_defaults turns sync off (empty group)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--batch-axis", default="data")
parser.add_argument("--sync-axis", default="data")
parser.set_defaults(sync_axis=())   # single-replica trainer: no gradient sync unless asked


def inputs():
    args, _ = parser.parse_known_args()
    return args, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, g):
    mesh = jax.make_mesh((8,), (args.batch_axis,))
    g = jax.device_put(g, NamedSharding(mesh, P(args.batch_axis)))

    def sync(g):
        total = jax.lax.psum(g, args.sync_axis)
        return jax.lax.all_gather(total, args.sync_axis, to="reduced", tiled=True)

    return jax.shard_map(sync, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(args.batch_axis))(g)


if __name__ == "__main__":
    print(main(parser.parse_args(), np.ones((8, 4), np.float32)))
