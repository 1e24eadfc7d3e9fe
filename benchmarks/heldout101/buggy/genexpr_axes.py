"""The axes to gather over are the mesh axes of size > 1, picked by a generator expression."""
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
    sharded = tuple(name for name in mesh.axis_names if mesh.shape[name] > 1)

    def body(block):
        cols = jax.lax.all_gather(block, "data", axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(cols, sharded, axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced=set(sharded)))(x)


if __name__ == "__main__":
    main()
