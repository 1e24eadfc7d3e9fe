import argparse
import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def get_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--groups", type=int, default=2)
    return parser.parse_args(argv)


ARGS = get_args(os.environ.get("SF_AU14_ARGV", "").split())


def grouped(mesh, x):
    def body(k):
        full = jax.lax.all_gather(k, "j", axis=1, tiled=True, to="reduced")
        parts = full.reshape(ARGS.groups, -1)
        return jax.lax.all_gather(parts, ("i", "j"), axis=0, tiled=True, to="reduced")  # SF102

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
