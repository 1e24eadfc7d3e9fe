"""--sync-axes is converted to a tuple by its type= function; argparse converts the "" default too."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def axis_tuple(text):
    return tuple(name for name in text.split(",") if name)


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-axis", default="data")
    parser.add_argument("--sync-axes", type=axis_tuple, default="")
    return parser


def inputs():
    args, _unknown = build_parser().parse_known_args()
    return args, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, g):
    mesh = jax.make_mesh((8,), (args.batch_axis,))
    g = jax.device_put(g, NamedSharding(mesh, P(args.batch_axis)))

    def sync(g):
        total = jax.lax.psum(g, args.sync_axes)
        full = jax.lax.all_gather(total, args.sync_axes, to="reduced")
        return full * 0.5

    return jax.shard_map(sync, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(args.batch_axis))(g)


if __name__ == "__main__":
    print(main(*inputs()))
