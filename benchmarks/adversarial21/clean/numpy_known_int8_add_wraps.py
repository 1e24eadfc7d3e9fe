"""The program's NumPy values (int8 add wraps) make the guard raise; the handler narrows."""
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
    with np.errstate(all="ignore"):
        w = np.array([100, 1], dtype=np.int8) + np.int8(100)
    try:
        if np.any(w < 0):
            raise ValueError("bad weights")
        axes = ("i", "j")
    except ValueError:
        axes = ("i",)
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
