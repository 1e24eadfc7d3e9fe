"""obj.__setattr__("sync_axes", ...) replaces the field."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Reducer:
    def __init__(self, sync_axes=("i", "j")):
        self.sync_axes = sync_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def main(mesh, x):
    reducer = Reducer()
    reducer.__setattr__("other_axes", ("i",))
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
