"""parse_args(namespace=ns) keeps attributes the namespace already has: defaults do not overwrite them."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def get_config():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sum-axes", dest="sum_axes", default=("data", "model"))
    parser.add_argument("--eps", type=float, default=1e-6)
    preset = argparse.Namespace(sum_axes=("data",))
    return parser.parse_args([], namespace=preset)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    cfg = get_config()
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def normalise(block):
        sq = jax.lax.psum(jnp.sum(block * block), cfg.sum_axes)
        return block / jnp.sqrt(sq + cfg.eps)

    return jax.shard_map(normalise, mesh=mesh, in_specs=P("data", None), out_specs=P("data", None))(x)


if __name__ == "__main__":
    print(main(*inputs()))
