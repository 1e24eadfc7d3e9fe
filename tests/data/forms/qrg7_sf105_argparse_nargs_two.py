"""argparse nargs=2 and type=str.lower: the axes a psum reduces over reach the shard_map body through argparse nargs=2 and type=str.lower."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import argparse


def get_axes():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mesh", nargs=2, type=str.lower, metavar=("OUTER", "INNER"))
    args = parser.parse_args(["--mesh", "DATA", "Model"])
    return tuple(args.mesh)


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
