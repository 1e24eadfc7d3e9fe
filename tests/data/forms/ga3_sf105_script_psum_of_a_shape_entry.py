"""A step counts the global rows with `jax.lax.psum(block.shape[0], "i")` (a Python int: nothing
is traced, the size is multiplied) before a tuple psum over axes in different states."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def step(mesh, x):
    def body(block):
        rows = jax.lax.psum(block.shape[0], "i")
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j")) / rows  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    m = jax.make_mesh((2, 4), ("i", "j"))
    return step(m, jax.device_put(np.ones((8, 8), np.float32), NamedSharding(m, P("i", "j"))))


if __name__ == "__main__":
    main()
