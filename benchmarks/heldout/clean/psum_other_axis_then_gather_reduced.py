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
        rows = jax.lax.psum(jnp.sum(x, axis=1, keepdims=True), 'model')
        return jax.lax.all_gather(rows, 'data', axis=0, tiled=True, to='reduced')

    return jax.shard_map(body, mesh=mesh, in_specs=P('data', 'model'),
                         out_specs=P(None, None, reduced={'data'}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
