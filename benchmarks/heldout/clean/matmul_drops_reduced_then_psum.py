import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4) / 32.0, np.eye(4, dtype=np.float32))


def main(x, w):
    mesh = jax.make_mesh((8,), ('i',))
    x = jax.device_put(x, NamedSharding(mesh, P('i', None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))

    def body(x, w):
        g = jax.lax.all_gather(x, 'i', axis=0, tiled=True, to='reduced')
        h = g @ w
        return jax.lax.psum(h, 'i')

    return jax.shard_map(body, mesh=mesh, in_specs=(P('i', None), P()), out_specs=P())(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
