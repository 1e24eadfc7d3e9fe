import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def loss_step(x):
    local = jnp.sum(x ** 2)
    local = jax.lax.pcast(local, 'model', to='varying')
    return jax.lax.psum(local, ('data', 'model'))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((4, 2), ('data', 'model'))
    x = jax.device_put(x, NamedSharding(mesh, P('data', None)))
    return jax.shard_map(loss_step, mesh=mesh, in_specs=P('data', None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
