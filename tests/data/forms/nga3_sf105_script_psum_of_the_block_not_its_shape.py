"""The row count is a psum of the block itself (an array, varying on j after the psum over i), and the
tuple psum is of the block, varying on both axes: every line runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def step(mesh, x):
    def body(block):
        rows = jax.lax.psum(block[:, :1] * 0 + 1, "i")
        return jax.lax.psum(block, ("i", "j")) / jax.lax.psum(rows, "j")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    m = jax.make_mesh((2, 4), ("i", "j"))
    return step(m, jax.device_put(np.ones((8, 8), np.float32), NamedSharding(m, P("i", "j"))))


if __name__ == "__main__":
    main()
