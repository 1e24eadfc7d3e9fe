import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(4, 16),)


def main(act):
    mesh = jax.make_mesh((2, 4), ('dp', 'tp'))
    with jax.set_mesh(mesh):
        act = jax.device_put(act, NamedSharding(mesh, P(None, 'tp')))
        act = jax.reshard(act, P(None, ('dp', 'tp')))
        out = top_level_all_gather(act, P(None, ('tp', 'dp')))
    return out


if __name__ == "__main__":
    print(main(*inputs()))
