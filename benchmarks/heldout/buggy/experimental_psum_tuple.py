import jax
from jax import lax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(8, 2),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('x', 'y'))
    x = jax.device_put(x, NamedSharding(mesh, P('x', None)))

    def total(x):
        s = jnp.sum(x)
        return lax.psum(s, ('x', 'y'))

    return shard_map(total, mesh, P('x', None), P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
