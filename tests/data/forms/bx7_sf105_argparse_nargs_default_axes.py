import argparse

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

parser = argparse.ArgumentParser(description="skill scores")
parser.add_argument("--axes", nargs="+", default=["i", "j"])


def main(mesh, x):
    args = parser.parse_args([])
    axes = tuple(args.axes)
    score = jax.shard_map(
        lambda o: jax.lax.psum(jax.lax.psum(jnp.sum(o), axes[1]), axes),  # SF105
        mesh=mesh, in_specs=P(*axes), out_specs=P())
    return score(x)
