import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(16, dtype=np.float32), np.arange(16, dtype=np.float32) + 100)


def main(a, b):
    mesh = jax.make_mesh((8,), ('i',))
    a = jax.device_put(a, NamedSharding(mesh, P('i')))
    b = jax.device_put(b, NamedSharding(mesh, P('i')))

    def body(a, b):
        ga = jax.lax.all_gather(a, 'i', tiled=True, to='reduced')
        gb = jax.lax.all_gather(b, 'i', tiled=True, to='reduced')
        joined = jnp.concatenate([ga, gb])
        return 2.0 * joined

    return jax.shard_map(body, mesh=mesh, in_specs=(P('i'), P('i')),
                         out_specs=P(reduced={'i'}))(a, b)


if __name__ == "__main__":
    print(main(*inputs()))
