import numpy as np
import jax
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P


def make_step(mesh):
    def outer(w):
        def inner(v):
            s = lax.psum(v, 'x')
            return lax.all_gather(s, 'x', tiled=True, to='reduced')
        return inner(w * 2.0)
    return shard_map(outer, mesh, (P('x', 'y'),), P(None, 'y'))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(4, 8),)


def main(w):
    mesh = jax.make_mesh((2, 4), ('x', 'y'))
    w = jax.device_put(w, NamedSharding(mesh, P('x', 'y')))
    return make_step(mesh)(w)


if __name__ == "__main__":
    print(main(*inputs()))
