"""Buffers made with zeros_like of an already-summed (invariant) value, then cast to varying."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(b):
        colsum = jax.lax.psum(b, "i")
        buf = jnp.zeros_like(colsum)
        buf = jax.lax.pcast(buf, "i", to="varying")
        ones = jax.lax.pcast(jnp.ones_like(jax.lax.pmax(b, ("i", "j"))), ("i", "j"), to="varying")
        return jax.lax.psum(buf + b * ones, "i")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
