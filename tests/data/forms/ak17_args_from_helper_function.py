import argparse

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def get_args(argv=None):
    parser = argparse.ArgumentParser(description="trainer")
    parser.add_argument("--batch-axis", default="i")
    parser.add_argument("--hidden-axis", default="j")
    return parser.parse_args(argv)


def main(mesh, x, argv=None):
    args = get_args(argv)

    def layer_norm(v):
        mu = jax.lax.pmean(jnp.mean(v, axis=1, keepdims=True), args.hidden_axis)
        centered = v - mu
        var = jax.lax.pmean(jnp.mean(centered * centered, axis=1, keepdims=True), args.hidden_axis)
        return jax.lax.psum(var, (args.batch_axis, args.hidden_axis))  # SF105

    return jax.shard_map(layer_norm, mesh=mesh, in_specs=P(args.batch_axis, args.hidden_axis), out_specs=P())(x)
