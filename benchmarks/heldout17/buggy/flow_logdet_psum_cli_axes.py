"""Affine-coupling flow trainer: the log-determinant summed over the mesh named on the command line."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="train a coupling flow")
    p.add_argument("--mesh", default="2,4")
    p.add_argument("--axes", default="data,dim")
    p.add_argument("--dim-axis", default="dim")
    return p.parse_args(argv)


def make_logdet(args):
    axes = tuple(args.axes.split(","))

    def logdet(log_scale):
        per_example = jnp.sum(log_scale, axis=1)
        per_example = jax.lax.psum(per_example, args.dim_axis)
        return jax.lax.psum(jnp.sum(per_example), axes)
    return logdet


def inputs():
    args = parse_args([])
    shape = tuple(int(n) for n in args.mesh.split(","))
    mesh = jax.make_mesh(shape, tuple(args.axes.split(",")))
    log_scale = jnp.full((8, 8), 0.01, jnp.float32)
    return args, mesh, log_scale


def main(args, mesh, log_scale):
    spec = P(*args.axes.split(","))
    log_scale = jax.device_put(log_scale, NamedSharding(mesh, spec))
    f = jax.shard_map(make_logdet(args), mesh=mesh, in_specs=spec, out_specs=P())
    return f(log_scale)


if __name__ == "__main__":
    print(main(*inputs()))
