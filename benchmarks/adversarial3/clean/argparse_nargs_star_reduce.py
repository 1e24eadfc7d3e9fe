"""A CLI whose --reduce-axes takes any number of names (none by default)."""
import argparse
import os
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-axis", default="data")
    parser.add_argument("--reduce-axes", nargs="*", default=[])
    return parser


ARGS = build_parser().parse_args(shlex.split(os.environ.get("TRAIN_FLAGS", "")))
REDUCE_AXES = tuple(ARGS.reduce_axes)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), (ARGS.data_axis, "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(ARGS.data_axis)))

    def step(x):
        r = jax.lax.all_gather(x, REDUCE_AXES, to="reduced")
        return jnp.mean(r, axis=0)

    return jax.shard_map(step, mesh=mesh, in_specs=P(ARGS.data_axis), out_specs=P(ARGS.data_axis))(x)


if __name__ == "__main__":
    print(main(*inputs()))
