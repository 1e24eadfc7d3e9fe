"""The tiler's grid of 10**7 x 10**7 points is more than the machine can allocate: NumPy raises
MemoryError (or ValueError past its size limit), and the fallback reduces over 'i' only. Whether
an allocation fails depends on the machine: the analysis must not be certain of the wide reduce."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_axes(points):
    try:
        np.mgrid[0:points, 0:points]
    except (MemoryError, ValueError):
        return ("i",)
    return ("i", "j")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axes = reduce_axes(10**7)

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
