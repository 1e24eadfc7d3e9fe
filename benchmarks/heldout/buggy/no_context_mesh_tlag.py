"""Small helper used by the eval loop to materialise replicated weights."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def replicate(w, mesh):
    w = jax.device_put(w, NamedSharding(mesh, P('data')))
    return top_level_all_gather(w, P(reduced={'data'}))


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(w):
    mesh = jax.make_mesh((8,), ('data',))
    return replicate(w, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
