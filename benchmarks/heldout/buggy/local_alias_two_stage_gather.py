import jax
from jax import lax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def two_stage(mesh):
    sm = jax.shard_map

    def body(a):
        stage1 = lax.all_gather(a, 'x', tiled=True, to='reduced')
        return lax.all_gather(stage1, ('x', 'y'), axis=1, tiled=True, to='reduced')

    return sm(body, mesh=mesh, in_specs=P('x', 'y'), out_specs=P(None, None))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(4, 8),)


def main(a):
    mesh = jax.make_mesh((2, 4), ('x', 'y'))
    a = jax.device_put(a, NamedSharding(mesh, P('x', 'y')))
    return two_stage(mesh)(a)


if __name__ == "__main__":
    print(main(*inputs()))
