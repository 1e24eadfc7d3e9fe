"""Instances share one __dict__ (the Borg pattern): a later instance keeps the first axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ParallelState:
    _shared = {}

    def __init__(self, axes=None):
        self.__dict__ = self._shared
        if "axes" in self._shared:
            return
        self.axes = axes


ParallelState(("i",))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axes = ParallelState(("i", "j")).axes

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
