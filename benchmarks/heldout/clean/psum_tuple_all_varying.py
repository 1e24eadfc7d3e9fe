import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ('data', 'model')


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), AXES)
    x = jax.device_put(x, NamedSharding(mesh, P(*AXES)))

    def total(x):
        return jax.lax.psum(jnp.sum(x), AXES)

    return jax.shard_map(total, mesh=mesh, in_specs=P(*AXES), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
