"""A job whose steps before its reduction over ("data", "model") (of a value varying on "data"
only: JAX raises there) all return: argparse given declared options only, `exec` of code that
binds nothing, a name spelled by `+` that ends nothing."""
import argparse
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def job(mesh, x):
    parser = argparse.ArgumentParser(prog="job")
    parser.add_argument("--steps", type=int, default=1)
    parser.parse_args(["--steps", "2"])
    exec("import sys")
    getattr(sys, "get" + "sizeof")(0)
    return reduce(mesh, x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return job(mesh, x)


if __name__ == "__main__":
    main()
