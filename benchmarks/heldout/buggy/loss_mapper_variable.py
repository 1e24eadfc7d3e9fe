import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    x = np.linspace(-1.0, 1.0, 32, dtype=np.float32).reshape(8, 4)
    y = np.ones((8, 4), np.float32)
    return x, y


def main(x, y):
    mesh = jax.make_mesh((8,), ('batch',))
    spec = P('batch', None)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    y = jax.device_put(y, NamedSharding(mesh, spec))
    mapper = jax.shard_map(mesh=mesh, in_specs=(spec, spec), out_specs=P(None, None))

    def squared_error(pred, target):
        err = jnp.sum((pred - target) ** 2, axis=0, keepdims=True)
        total = jax.lax.psum(err, 'batch')
        return jax.lax.all_gather(total, 'batch', axis=0, tiled=True, to='reduced')

    return mapper(squared_error)(x, y)


if __name__ == "__main__":
    print(main(*inputs()))
