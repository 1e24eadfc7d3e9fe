"""The batch is first placed row-split over ('b', 'a') for a loader, then re-placed over ('a', 'b')."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    x = jax.device_put(x, NamedSharding(mesh, P(("b", "a"))))
    x = x * 2.0
    x = x
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P("a", reduced={"b"}))


if __name__ == "__main__":
    print(main(*inputs()))
