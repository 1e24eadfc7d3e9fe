import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('data', 'model'))
    x = jax.device_put(x, NamedSharding(mesh, P('data')))

    def body(x):
        return jax.lax.all_gather(x, ('data', 'model'), tiled=True, to='reduced')

    return jax.shard_map(body, mesh=mesh, in_specs=P('data'),
                         out_specs=P(None, reduced={'data', 'model'}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
