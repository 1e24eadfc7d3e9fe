"""parse_args() reads sys.argv, which the entry point patches (as a test harness would)."""
import argparse
import sys
import unittest.mock

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse():
    parser = argparse.ArgumentParser()
    parser.add_argument("--axes", default="data,model")
    return parser.parse_args()


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    with unittest.mock.patch.object(sys, "argv", ["train.py"]):
        args = parse()
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(v):
        return jax.lax.psum(jnp.sum(v), tuple(args.axes.split(",")))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
