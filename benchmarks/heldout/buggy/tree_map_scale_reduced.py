import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4), np.arange(8, dtype=np.float32))


def main(w, b):
    mesh = jax.make_mesh((8,), ('fsdp',))
    w = jax.device_put(w, NamedSharding(mesh, P('fsdp', None)))
    b = jax.device_put(b, NamedSharding(mesh, P('fsdp')))
    lr = 0.01

    def update(w, b):
        params = {'w': jax.lax.all_gather(w, 'fsdp', axis=0, tiled=True, to='reduced'),
                  'b': jax.lax.all_gather(b, 'fsdp', tiled=True, to='reduced')}
        step = jax.tree.map(lambda p: p * lr, params)
        return step['w'], step['b']

    return jax.shard_map(update, mesh=mesh, in_specs=(P('fsdp', None), P('fsdp')),
                         out_specs=(P(reduced={'fsdp'}), P(reduced={'fsdp'})))(w, b)


if __name__ == "__main__":
    print(main(*inputs()))
