import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def positional_checksum(x, row_axis, col_axis):
    offset = lax.axis_index(row_axis) * x.shape[0]
    positions = offset + jnp.arange(x.shape[0])
    return lax.psum(positions.sum(), (row_axis, col_axis))


def inputs():
    return (np.zeros((8, 8), np.float32),)


def main(x):
    row_axis, col_axis = "r", "c"
    mesh = jax.make_mesh((4, 2), (row_axis, col_axis))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    f = jax.shard_map(lambda a: positional_checksum(a, row_axis, col_axis), mesh=mesh,
                      in_specs=P(), out_specs=P())
    return f(x)


if __name__ == "__main__":
    print(main(*inputs()))
