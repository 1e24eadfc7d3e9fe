"""The parse runs a hook of the file that ends the job (registered type)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import argparse
import sys
import functools


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def finish(text):
    sys.exit(0)


PARSER = argparse.ArgumentParser()
PARSER.register("type", "stop", finish)
PARSER.add_argument("--n", type="stop")


def main(mesh, x):
    PARSER.parse_args(["--n", "1"])
    return reduce_rows(mesh, x, ("i", "j"))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
