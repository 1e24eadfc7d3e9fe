"""A base class's __init_subclass__ records the class keyword: the subclass syncs over both axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer:
    axes = ("i",)

    def __init_subclass__(cls, axes=("i",), **kwargs):
        super().__init_subclass__(**kwargs)
        cls.axes = axes


class Both(Reducer, axes=("i", "j")):
    pass


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, Both.axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
