"""A schedule generator: the body is traced after the warm-up item was taken."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def schedule():
    yield ("i", "j")
    while True:
        yield ("i",)


def main(mesh, x):
    axes = schedule()
    warmup = next(axes)
    print("warm-up would sync over", warmup)
    current = warmup

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, current)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
