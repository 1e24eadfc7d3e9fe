"""A missing config key falls back to row axes in the except branch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


CONFIG = {"name": "norm"}

try:
    SYNC_AXES = CONFIG["sync_axes"]
except KeyError:
    SYNC_AXES = ("i",)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, SYNC_AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
