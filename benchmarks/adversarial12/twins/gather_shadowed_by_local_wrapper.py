"""The module defines its own top_level_all_gather that completes the out spec before the real one."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

from jax._src import shard_map as _shard_map


def top_level_all_gather(a, out):
    return _shard_map.top_level_all_gather(a, P(*out))


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, P(None, None))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
