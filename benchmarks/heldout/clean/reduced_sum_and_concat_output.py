import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((8,), ('i',))
    x = jax.device_put(x, NamedSharding(mesh, P('i', None)))

    def body(x):
        g = jax.lax.all_gather(x, 'i', axis=0, tiled=True, to='reduced')
        col = g.sum(axis=0, keepdims=True)
        return jnp.concatenate([g, col, -col], axis=0)

    return jax.shard_map(body, mesh=mesh, in_specs=P('i', None),
                         out_specs=P(reduced={'i'}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
