"""Gather stages paired with their array dims by zip over reversed axis names."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("model", "data"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    names = list(reversed(mesh.axis_names))
    stages = list(zip([names[0], tuple(names)], [0, 1]))

    def body(block):
        out = block
        for axes, dim in stages:
            out = jax.lax.all_gather(out, axes, axis=dim, tiled=True, to="reduced")
        return out

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(x)


if __name__ == "__main__":
    main()
