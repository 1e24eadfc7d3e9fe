import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4) / 64.0,)


def main(x):
    mesh = jax.make_mesh((4, 2), ('data', 'model'))
    x = jax.device_put(x, NamedSharding(mesh, P('data', None)))
    axes = ('data', 'model')

    def accumulate(x):
        loss_sum = jnp.zeros((), x.dtype)
        count = jnp.zeros((), x.dtype)
        for chunk in jnp.split(x, 2):
            loss_sum = loss_sum + jnp.sum(chunk ** 2)
            count = count + chunk.shape[0]
        loss_sum, count = jax.lax.psum((loss_sum, count), axes)
        return loss_sum / count

    return jax.shard_map(accumulate, mesh=mesh, in_specs=P('data', None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
