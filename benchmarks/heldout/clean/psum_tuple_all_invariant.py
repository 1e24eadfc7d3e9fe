import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('data', 'model'))
    x = jax.device_put(x, NamedSharding(mesh, P()))

    def count_devices(x):
        one = jnp.ones((), x.dtype)
        return jax.lax.psum(one, ('data', 'model')) * jnp.sum(x)

    return jax.shard_map(count_devices, mesh=mesh, in_specs=P(), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
