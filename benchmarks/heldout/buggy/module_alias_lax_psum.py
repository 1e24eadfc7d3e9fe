import jax
import jax.lax as L
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((4, 2), ('rows', 'cols'))
    x = jax.device_put(x, NamedSharding(mesh, P('rows', None)))

    def frob(x):
        sq = jnp.sum(x * x)
        return L.psum(sq, ('rows', 'cols'))

    return jax.shard_map(frob, mesh=mesh, in_specs=P('rows', None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
