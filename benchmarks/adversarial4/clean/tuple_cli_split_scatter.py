"""--grad-axes is a comma list; the gradient is split over exactly those axes, then scattered."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(g):
    parser = argparse.ArgumentParser()
    parser.add_argument("--grad-axes", default="data,model")
    args, _ = parser.parse_known_args()
    axes = tuple(args.grad_axes.split(","))
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    g = jax.device_put(g, NamedSharding(mesh, P(axes)))

    def body(b):
        return jax.lax.psum_scatter(jnp.tile(b, (8, 1)), axes, scatter_dimension=0, tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P(axes), out_specs=P(axes))(g)


if __name__ == "__main__":
    print(main(*inputs()))
