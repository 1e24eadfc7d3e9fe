"""Data-parallel loss whose reduction axes come from a command line written with --opt=value."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser(description="eval loss")
    parser.add_argument("--reduce-axes", default="data,model")
    parser.add_argument("--scale", type=float, default=1.0)
    return parser


ARGS = build_parser().parse_args(["--reduce-axes=data", "--scale=0.5"])


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    axes = tuple(ARGS.reduce_axes.split(","))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def loss(block):
        per_row = jnp.sum(block ** 2, axis=1) * ARGS.scale
        return jax.lax.psum(jnp.sum(per_row), axes)

    return jax.shard_map(loss, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
