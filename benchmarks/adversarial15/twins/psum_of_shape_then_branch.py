"""psum of block.shape[0] over j is the Python int 16: a branch on it picks the i-only sum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(block):
    rows = jax.lax.psum(block, "j")
    total = jax.lax.psum(block, ("i", "j"))
    n = jax.lax.psum(block.shape[0], "j")
    axes = ("i",) if n == 8 else ("i", "j")
    return jax.lax.psum(rows, axes)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
