"""Axis sizes in a dict comprehension; the keys of the split axes become the gather tuple."""
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
    sizes = {name: size for name, size in zip(mesh.axis_names, mesh.devices.shape)}
    split = tuple(k for k, v in sizes.items() if v > 1)

    def body(block):
        batch = jax.lax.all_gather(block * 0.5, "data", axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(batch, split, axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced=set(split)))(x)


if __name__ == "__main__":
    main()
