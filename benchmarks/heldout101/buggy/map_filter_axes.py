"""Axis names parsed with map/filter from a comma list, empty entries dropped."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_AXES = "data, model,"


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    axes = tuple(filter(None, map(str.strip, LOSS_AXES.split(","))))

    def body(block):
        z = jax.lax.psum(block.sum(axis=1), "model")
        return jax.lax.psum_scatter(jnp.tile(z, 4), axes, tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(("data", "model")))(x)


if __name__ == "__main__":
    main()
