import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def energy(v):
    return v * v + jnp.abs(v)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((8,), ('fsdp',))
    x = jax.device_put(x, NamedSharding(mesh, P('fsdp', None)))

    def body(x):
        w = jax.lax.all_gather(x, 'fsdp', axis=0, tiled=True, to='reduced')
        return energy(w)

    return jax.shard_map(body, mesh=mesh, in_specs=P('fsdp', None),
                         out_specs=P(reduced={'fsdp'}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
