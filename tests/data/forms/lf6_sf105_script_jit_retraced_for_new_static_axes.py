"""A jitted step given its axes as a static argument: new axes make JAX trace it again, and fail."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


@functools.partial(jax.jit, static_argnames="axes")
def step(x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))
    step(x, axes=("i",))
    return step(x, axes=("i", "j"))


if __name__ == "__main__":
    main()
