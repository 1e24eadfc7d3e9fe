"""A helper's `reshape(4, -1)` of 64 ones, under a caller's fallback handler: the run knows the
shape, so the call passes, the try body's axes are used and the psum raises."""
import jax.numpy as jnp
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def operands():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))


def as_blocks(a):
    return a.reshape(4, -1)


def main():
    mesh, x = operands()
    try:
        as_blocks(jnp.ones(64))
        axes = ("j", "i")
    except Exception:
        axes = ("j",)
    return reduce_rows(mesh, x, axes)


if __name__ == "__main__":
    main()
