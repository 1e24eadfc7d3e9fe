"""Coupling-flow trainer: log-determinant summed over features, then over the data axis alone."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--axes", default="data,dim")
    p.add_argument("--dim-axis", default="dim")
    p.add_argument("--data-axis", default="data")
    return p.parse_args(argv)


def make_logdet(args):
    def logdet(log_scale):
        per_example = jax.lax.psum(jnp.sum(log_scale, axis=1), args.dim_axis)
        return jax.lax.psum(jnp.sum(per_example), args.data_axis)
    return logdet


def inputs():
    args = parse_args([])
    return args, jax.make_mesh((2, 4), tuple(args.axes.split(","))), jnp.full((8, 8), 0.01)


def main(args, mesh, log_scale):
    spec = P(*args.axes.split(","))
    log_scale = jax.device_put(log_scale, NamedSharding(mesh, spec))
    return jax.shard_map(make_logdet(args), mesh=mesh, in_specs=spec, out_specs=P())(log_scale)
