import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((4, 2), ('rows', 'cols'))
    x = jax.device_put(x, NamedSharding(mesh, P('rows', 'cols')))

    def body(x):
        rowsum = jax.lax.psum(x, 'cols')
        return jax.lax.all_gather(rowsum, 'cols', axis=1, tiled=True, to='reduced')

    return jax.shard_map(body, mesh=mesh, in_specs=P('rows', 'cols'),
                         out_specs=P('rows', None, reduced={'cols'}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
