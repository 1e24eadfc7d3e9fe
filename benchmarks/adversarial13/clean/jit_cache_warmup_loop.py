"""A training loop widens the sync axes after a warm-up step; the jitted step keeps its first trace."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


SYNC_AXES = ("i",)


def make_step(mesh):
    @jax.jit
    def step(x):
        def body(block):
            counts = jax.lax.psum(block, "j")
            return jax.lax.psum(counts, SYNC_AXES)

        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)

    return step


def main(mesh, x):
    global SYNC_AXES
    step = make_step(mesh)
    total = 0.0
    for epoch in range(3):
        total = total + step(x)
        SYNC_AXES = ("i", "j")
    return total


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
