"""Position-dependent loss: after a per-row psum, each device adds its axis index, then all is summed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((2, 4), ("rows", "cols")), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(mesh, x):
    rows, cols = mesh.axis_names
    x = jax.device_put(x, NamedSharding(mesh, P(rows, cols)))

    def loss(x):
        per_row = jax.lax.psum(jnp.sum(x), rows)
        offset = per_row
        return jax.lax.psum(offset, (rows, cols))

    return jax.shard_map(loss, mesh=mesh, in_specs=P(rows, cols), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
