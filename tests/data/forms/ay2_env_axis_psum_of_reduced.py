import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCE_AXIS = os.environ.get("REDUCE_AXIS", "model")
mesh = jax.make_mesh((2, 4), ("data", "model"))


def grad_sync(g):
    def body(block):
        partial_sum = jax.lax.psum_scatter(block, REDUCE_AXIS, scatter_dimension=1, tiled=True)
        reduced = jax.lax.all_gather(partial_sum, REDUCE_AXIS, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(reduced, REDUCE_AXIS)  # SF103

    spec = P("data", "model")
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=spec)(
        jax.device_put(g, NamedSharding(mesh, spec)))


if __name__ == "__main__":
    print(grad_sync(jnp.ones((8, 8))))
