import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("pod", "host", "chip")


def gather_over_chips(x, mesh):
    x = jax.device_put(x, NamedSharding(mesh, P(AXES)))
    return top_level_all_gather(x, P(AXES[:2], reduced={AXES[2]}))


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 2, 2), AXES)
    with jax.set_mesh(mesh):
        return gather_over_chips(x, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
