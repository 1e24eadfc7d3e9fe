"""`s = np.arange(4.0).min(); s %= np.ones((3, 1)) + 1.0` rebinds s (a NumPy scalar has no in-place op)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)



def main(mesh, x):
    axes = ("i", "j")
    out = None
    try:
        s = np.arange(4.0).min()
        s %= np.ones((3, 1)) + 1.0
        axes = ("i",)
    finally:
        out = reduce_rows(mesh, x, axes)
    return out


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
