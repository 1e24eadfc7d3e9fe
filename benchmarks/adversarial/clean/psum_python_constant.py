"""Counting devices with psum of a Python constant over a tuple of axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(block):
        n_dev = jax.lax.psum(1, ("data", "model"))
        n_data = jax.lax.psum(1.0, "data")
        total = jax.lax.psum(jnp.sum(block), "data")
        return total / n_data + n_dev

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
