from typing import NamedTuple

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    data: str = "i"
    model: str = "j"


AXES = MeshAxes()


def place(mesh, x):
    return jax.device_put(x, NamedSharding(mesh, P(*AXES)))


def main(mesh, x):
    with jax.set_mesh(mesh):
        y = place(mesh, x)
        return top_level_all_gather(y, P(AXES.model))  # SF104
