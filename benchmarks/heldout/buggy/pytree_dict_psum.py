import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('data', 'model'))
    x = jax.device_put(x, NamedSharding(mesh, P('data', 'model')))

    def batch_stats(x):
        mean = jax.lax.all_gather(jnp.sum(x, axis=0, keepdims=True), 'data', axis=0,
                                  tiled=True, to='reduced')
        stats = {'mean': mean, 'count': jnp.ones((1, x.shape[1]), x.dtype)}
        synced = jax.lax.psum(stats, 'data')
        return synced['mean'], synced['count']

    return jax.shard_map(batch_stats, mesh=mesh, in_specs=P('data', 'model'),
                         out_specs=(P(None, 'model'), P(None, 'model')))(x)


if __name__ == "__main__":
    print(main(*inputs()))
