"""lg8 with a Python float factor: it is weak, the batch stays float32, the loader takes the float32
path and the psum over "data" of a value varying on "data" passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCALE = 0.5


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.ones((8, 8), np.float32) * SCALE
    axes = ("data",) if batch.dtype == np.float32 else ("data", "model")
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
