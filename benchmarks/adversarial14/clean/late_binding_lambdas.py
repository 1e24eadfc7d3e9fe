"""Lambdas made in a comprehension all see the loop's last axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

REDUCERS = [lambda v: jax.lax.psum(v, axes) for axes in [("i", "j"), ("i",)]]


def main(mesh, x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return REDUCERS[0](rows)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
