"""Parsed arguments fixed up after parsing (a --debug flag forces a 1-D reduction)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--axes", default=("dp", "mp"), type=lambda s: tuple(s.split(",")))
parser.add_argument("--debug", action="store_true")


def inputs():
    args = parser.parse_args(["--debug"])
    if args.debug:
        args.axes = ("dp",)
    return args, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, x):
    mesh = jax.make_mesh((4, 2), ("dp", "mp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp")))

    def body(b):
        return jax.lax.pmean(jnp.mean(b, axis=0), args.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("dp"), out_specs=P())(x)


if __name__ == "__main__":
    cli = parser.parse_args()
    print(main(cli, inputs()[1]))
