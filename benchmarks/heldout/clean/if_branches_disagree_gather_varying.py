import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_fn(mesh, reduce_first):
    def fn(x):
        if reduce_first:
            h = jax.lax.psum(x, 'i')
        else:
            h = x
        return jax.lax.all_gather(h, 'i', axis=0, tiled=True, to='invarying')

    return jax.shard_map(fn, mesh=mesh, in_specs=P('i', None), out_specs=P(None, None))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((8,), ('i',))
    x = jax.device_put(x, NamedSharding(mesh, P('i', None)))
    return make_fn(mesh, reduce_first=True)(x)


if __name__ == "__main__":
    print(main(*inputs()))
