import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--reduce-axes", default="i,j")
parser.add_argument("--scale", type=float, default=0.5)


def main(x, mesh, argv=()):
    flags = parser.parse_args(list(argv))
    axes = tuple(flags.reduce_axes.split(","))

    def body(b):
        loss = jnp.mean(b * flags.scale)
        return jax.lax.pmean(loss, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(
        jax.device_put(x, NamedSharding(mesh, P("i"))))


if __name__ == "__main__":
    print(main(jnp.ones((8, 8)), jax.make_mesh((2, 4), ("i", "j"))))
