import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('data', 'model'))
    x = jax.device_put(x, NamedSharding(mesh, P('data', 'model')))

    def body(x):
        full = jax.lax.all_gather(x, 'data', axis=0, tiled=True, to='reduced')
        return jax.lax.pmean(full, 'model')

    return jax.shard_map(body, mesh=mesh, in_specs=P('data', 'model'),
                         out_specs=P(None, None, reduced={'data'}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
