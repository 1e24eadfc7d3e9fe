import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((8,), ('i',))
    x = jax.device_put(x, NamedSharding(mesh, P('i')))

    def body(x):
        total = jax.lax.psum(x, 'i')
        total = jax.lax.pcast(total, 'i', to='varying')
        return jax.lax.all_gather(total, 'i', to='reduced')

    return jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P(reduced={'i'}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
