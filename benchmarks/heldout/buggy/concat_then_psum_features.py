import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    a = np.arange(32, dtype=np.float32).reshape(8, 4)
    b = np.arange(32, dtype=np.float32).reshape(8, 4) * -1.0
    return a, b


def main(a, b):
    mesh = jax.make_mesh((8,), ('dp',))
    a = jax.device_put(a, NamedSharding(mesh, P('dp', None)))
    b = jax.device_put(b, NamedSharding(mesh, P('dp', None)))

    def features(a, b):
        a = jax.lax.all_gather(a, 'dp', axis=0, tiled=True, to='reduced')
        b = jax.lax.all_gather(b, 'dp', axis=0, tiled=True, to='reduced')
        feats = jnp.concatenate([a, b], axis=1)
        return jax.lax.psum(feats, 'dp')

    return jax.shard_map(features, mesh=mesh, in_specs=(P('dp', None), P('dp', None)),
                         out_specs=P())(a, b)


if __name__ == "__main__":
    print(main(*inputs()))
