import jax
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.lax import all_gather, psum
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('rows', 'cols'))
    x = jax.device_put(x, NamedSharding(mesh, P('rows', 'cols')))

    def block(x):
        blk = all_gather(x, 'rows', axis=0, tiled=True, to='reduced')
        return psum(blk, 'rows')

    f = shard_map(block, mesh, in_specs=P('rows', 'cols'), out_specs=P(None, 'cols'),
                  check_rep=True)
    return f(x)


if __name__ == "__main__":
    print(main(*inputs()))
