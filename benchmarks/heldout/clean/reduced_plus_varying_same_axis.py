import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((8,), ('i',))
    x = jax.device_put(x, NamedSharding(mesh, P('i', None)))

    def residual(x):
        ctx = jax.lax.all_gather(x, 'i', axis=0, tiled=True, to='reduced')
        return x + ctx[: x.shape[0]]

    return jax.shard_map(residual, mesh=mesh, in_specs=P('i', None), out_specs=P('i', None))(x)


if __name__ == "__main__":
    print(main(*inputs()))
