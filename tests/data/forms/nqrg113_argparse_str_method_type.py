"""argparse type=str.upper converts each item: the faithful reading of argparse type=str.upper converts each item."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import argparse


def get_axes():
    parser = argparse.ArgumentParser()
    parser.add_argument("--axes", nargs="+", type=str.upper, default=["data"])
    args = parser.parse_args(["--axes", "data"])
    return ("data",) if args.axes == ["DATA"] else ("data", "model")


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
