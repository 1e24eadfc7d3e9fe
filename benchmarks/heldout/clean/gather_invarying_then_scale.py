import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((8,), ('shard',))
    x = jax.device_put(x, NamedSharding(mesh, P('shard', None)))

    def body(x):
        full = jax.lax.all_gather(x, 'shard', axis=0, tiled=True, to='invarying')
        return jnp.mean(full * 2.0, axis=0)

    return jax.shard_map(body, mesh=mesh, in_specs=P('shard', None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
