"""A dimension split over three axes is gathered whole (every axis reduced)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

AXES = ("pod", "data", "fsdp")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 2, 2), AXES)
    w = jax.device_put(x, NamedSharding(mesh, P(AXES)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, reduced=set(AXES)))


if __name__ == "__main__":
    print(main(*inputs()))
