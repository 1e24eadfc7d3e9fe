import argparse
import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

PARSER = argparse.ArgumentParser()
PARSER.add_argument("--rows", type=int, default=4)
ARGV = os.environ.get("SF_AU13_ARGV", "").split()
ARGS = PARSER.parse_args(ARGV)


def window(mesh, x):
    def body(k):
        full = jax.lax.all_gather(k, "j", axis=1, tiled=True, to="reduced")
        head = full[: ARGS.rows]
        return jax.lax.all_gather(head, ("i", "j"), axis=0, tiled=True, to="reduced")  # SF102

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
