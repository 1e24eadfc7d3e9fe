import argparse

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

PARSER = argparse.ArgumentParser(description="ring reduce")
PARSER.add_argument("--axis", default="i")
PARSER.add_argument("--steps", type=int, default=2)


def settings():
    return PARSER.parse_args([])


def reduce_then_gather(mesh, x):
    opts = settings()

    def body(v):
        total = jax.lax.psum(v, opts.axis)
        return jax.lax.all_gather(total, opts.axis, to="reduced", tiled=True)  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
