"""Gather the largest axis first: axes ordered with sorted(key=...) by their size."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    order = sorted(mesh.axis_names, key=lambda a: mesh.shape[a], reverse=True)
    largest = order[0]

    def body(block):
        h = jax.lax.all_gather(block, largest, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(h, tuple(order), axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced=set(order)))(x)


if __name__ == "__main__":
    main()
