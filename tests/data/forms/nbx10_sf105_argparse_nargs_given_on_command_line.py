import argparse

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

parser = argparse.ArgumentParser(description="skill scores")
parser.add_argument("--axes", nargs="+", default=["i", "j"])
parser.add_argument("--over", nargs="*", default=["i", "j"])


def main(mesh, x):
    args = parser.parse_args(["--over", "i"])
    axes = tuple(args.axes)
    over = tuple(args.over)
    score = jax.shard_map(
        lambda o: jax.lax.psum(jax.lax.psum(jnp.sum(o), axes[1]), over),  # none
        mesh=mesh, in_specs=P(*axes), out_specs=P())
    return score(x)
