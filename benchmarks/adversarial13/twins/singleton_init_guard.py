"""An __init__ that returns at once when the shared state is already set keeps the first axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


class ParallelState:
    _shared = {}

    def __init__(self, axes=None):
        self.__dict__ = self._shared
        if "axes" in self._shared:
            return
        self.axes = axes


ParallelState(("i", "j"))


def main(mesh, x):
    axes = ParallelState(("i", "j")).axes

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
