"""A launcher appends the user's flags after its own: the last --axes given wins."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAUNCHER_FLAGS = ["--axes", "data,model"]
USER_FLAGS = []


def parse(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--axes", type=str, default="data")
    return p.parse_args(argv)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0,)


def main(x):
    args = parse(LAUNCHER_FLAGS + USER_FLAGS)
    axes = tuple(args.axes.split(","))
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def grad_norm(g):
        return jnp.sqrt(jax.lax.psum(jnp.sum(g * g), axes))

    return jax.shard_map(grad_norm, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
