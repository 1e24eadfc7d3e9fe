"""The axes a jitted step reads change after its first call: JAX reuses the first trace (same
input types), so the changed axes are never read."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
AXES = ["i"]


@jax.jit
def step(x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(AXES))

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))
    step(x)
    AXES.append("j")
    return step(x)


if __name__ == "__main__":
    main()
