"""A script pulls the first of its generated steps with next(): that one is traced and fails."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CANDIDATES = [("i", "j"), ("i",)]


def reduce_with(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    results = (reduce_with(mesh, x, axes) for axes in CANDIDATES)
    return next(results)


if __name__ == "__main__":
    main()
