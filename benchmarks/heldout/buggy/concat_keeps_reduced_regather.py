import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    q = np.arange(32, dtype=np.float32).reshape(4, 8)
    k = np.arange(32, 64, dtype=np.float32).reshape(4, 8)
    return q, k


def main(q, k):
    mesh = jax.make_mesh((2, 4), ('data', 'model'))
    spec = P('data', 'model')
    q = jax.device_put(q, NamedSharding(mesh, spec))
    k = jax.device_put(k, NamedSharding(mesh, spec))

    def fuse(q, k):
        qg = jax.lax.all_gather(q, 'data', axis=0, tiled=True, to='reduced')
        kg = jax.lax.all_gather(k, 'data', axis=0, tiled=True, to='reduced')
        both = jnp.concatenate([qg, kg], axis=0)
        return jax.lax.all_gather(both, ('data', 'model'), axis=1, tiled=True, to='reduced')

    return jax.shard_map(fuse, mesh=mesh, in_specs=(spec, spec), out_specs=P())(q, k)


if __name__ == "__main__":
    print(main(*inputs()))
