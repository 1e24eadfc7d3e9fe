import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make(mesh, cast_first):
    def fn(x):
        s = jax.lax.psum(x, 'i')
        if cast_first:
            s = jax.lax.pcast(s, 'i', to='varying')
            out = jax.lax.all_gather(s, 'i', tiled=True, to='reduced')
        else:
            out = jax.lax.all_gather(s, 'i', tiled=True, to='invarying')
        return out

    return jax.shard_map(fn, mesh=mesh, in_specs=P('i'), out_specs=P(reduced={'i'}) if cast_first else P())


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((8,), ('i',))
    x = jax.device_put(x, NamedSharding(mesh, P('i')))
    return make(mesh, True)(x), make(mesh, False)(x)


if __name__ == "__main__":
    print(main(*inputs()))
