"""Both axes only in a multi-process run; this one is a single process."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


if jax.process_count() >= 1:
    SYNC = ("i", "j")
else:
    SYNC = ("i",)


def main(mesh, x):
    axes = SYNC

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
