"""obj.__class__ = RowsOnly switches the instance to the subclass's method."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


class Layer:
    def sync_axes(self):
        return ("i", "j")


class RowsOnly(Layer):
    def sync_axes(self):
        return ("i",)


LAYER = Layer()
LAYER.__class__ = RowsOnly


def main(mesh, x):
    axes = LAYER.sync_axes()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
