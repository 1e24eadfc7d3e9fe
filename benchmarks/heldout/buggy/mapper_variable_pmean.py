import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('dp', 'sp'))
    x = jax.device_put(x, NamedSharding(mesh, P('dp', 'sp')))
    smap = jax.shard_map(mesh=mesh, in_specs=P('dp', 'sp'), out_specs=P())

    def mean_all(x):
        m = jax.lax.pmean(jnp.mean(x), 'sp')
        return jax.lax.pmean(m, axis_name=('dp', 'sp'))

    return smap(mean_all)(x)


if __name__ == "__main__":
    print(main(*inputs()))
