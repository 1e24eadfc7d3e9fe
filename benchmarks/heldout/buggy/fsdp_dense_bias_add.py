import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def dense(x, kernel, self_bias):
    k = jax.lax.all_gather(kernel, 'fsdp', axis=0, tiled=True, to='reduced')
    y = k.sum(axis=0)
    return y + self_bias


def inputs():
    return (np.ones((8, 4), np.float32), np.arange(32, dtype=np.float32).reshape(8, 4),
            np.full((4,), 0.1, np.float32))


def main(x, kernel, bias):
    mesh = jax.make_mesh((8,), ('fsdp',))
    x = jax.device_put(x, NamedSharding(mesh, P('fsdp', None)))
    kernel = jax.device_put(kernel, NamedSharding(mesh, P('fsdp', None)))
    bias = jax.device_put(bias, NamedSharding(mesh, P()))
    return jax.shard_map(dense, mesh=mesh, in_specs=(P('fsdp', None), P('fsdp', None), P()),
                         out_specs=P(reduced={'fsdp'}))(x, kernel, bias)


if __name__ == "__main__":
    print(main(*inputs()))
