import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ('pp', 'dp', 'tp')


def inputs():
    return (np.arange(32, dtype=np.float32),)


def main(w):
    mesh = jax.make_mesh((2, 2, 2), MESH_AXES)
    with jax.set_mesh(mesh):
        w = jax.device_put(w, NamedSharding(mesh, P(MESH_AXES)))
        return top_level_all_gather(w, P(('pp', 'dp')))


if __name__ == "__main__":
    print(main(*inputs()))
