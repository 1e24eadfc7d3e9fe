from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts(NamedTuple):
    axes: tuple = ("i", "j")

    @property
    def train(self):
        return P(self.axes, None)

    @property
    def serve(self):
        return P(self.axes[1], None, reduced={self.axes[0]})


LAYOUTS = Layouts()


def place(mesh, x):
    return jax.device_put(x, NamedSharding(mesh, LAYOUTS.train))


def main(mesh, x):
    w = place(mesh, x)
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, LAYOUTS.serve)  # SF104
