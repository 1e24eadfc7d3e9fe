"""A loader scales its float32 host batch by a NumPy `np.float64` factor and checks the batch's
dtype: NumPy 2 promotes float32 with a float64 scalar to float64 (only Python numbers are weak),
so the loader takes the float64 path, a psum over ("data", "model") of a value varying on "data"
only, which raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCALE = np.float64(0.5)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.ones((8, 8), np.float32) * SCALE
    axes = ("data",) if batch.dtype == np.float32 else ("data", "model")
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
