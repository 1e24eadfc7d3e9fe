import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--reduce-axes", default="i,j")


def main(x, mesh, argv=()):
    flags = parser.parse_args(list(argv))
    axes = tuple(flags.reduce_axes.split(","))

    def body(b):
        return jax.lax.pmean(jnp.mean(b), axes)  # varying on both: legal

    return jax.shard_map(body, mesh=mesh, in_specs=P(tuple(axes)), out_specs=P())(
        jax.device_put(x, NamedSharding(mesh, P(tuple(axes)))))


parser.add_argument("--scale", type=float, default=0.5)  # configured after main: not followed


if __name__ == "__main__":
    print(main(jnp.ones((8, 8)), jax.make_mesh((2, 4), ("i", "j"))))
