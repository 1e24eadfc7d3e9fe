"""A static argument given 1 and then True: JAX tells them apart by type and traces the step again,
reading the axes changed between the calls."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
AXES = ["i"]


@functools.partial(jax.jit, static_argnames="scaled")
def step(x, scaled):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(AXES)) * (2.0 if scaled else 1.0)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))
    step(x, scaled=1)
    AXES.append("j")
    return step(x, scaled=True)


if __name__ == "__main__":
    main()
