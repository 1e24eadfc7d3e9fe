import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('data', 'model'))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P('data', 'model')))
        y = top_level_all_gather(x, P(None, 'model', reduced={'data'}))
        return jax.reshard(y, P(None, 'model'))


if __name__ == "__main__":
    print(main(*inputs()))
