"""Inside the shard_map body: zeros(float64) raises under the error filter; the handler sums over i."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import warnings


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def reduce_checked(mesh, x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        try:
            jnp.zeros(2, jnp.float64)
            return jax.lax.psum(rows, ("i", "j"))
        except UserWarning:
            return jax.lax.psum(rows, "i")
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return reduce_checked(mesh, x)
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
