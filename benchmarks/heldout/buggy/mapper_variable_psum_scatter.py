import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((4, 2), ('x', 'y'))
    x = jax.device_put(x, NamedSharding(mesh, P('x', 'y')))
    sharded = jax.shard_map(mesh=mesh, in_specs=P('x', 'y'), out_specs=P('x', 'y'))

    def reduce_scatter(x):
        full = jax.lax.all_gather(x, 'x', axis=0, tiled=True, to='reduced')
        return jax.lax.psum_scatter(full, 'x', scatter_dimension=0, tiled=True)

    return sharded(reduce_scatter)(x)


if __name__ == "__main__":
    print(main(*inputs()))
