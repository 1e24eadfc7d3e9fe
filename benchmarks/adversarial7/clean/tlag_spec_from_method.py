"""The placement and the gather spec come from methods of a layout object."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols

    def placed(self):
        return P(self.rows, self.cols)

    def gathered(self):
        return P(None, self.cols, reduced={self.rows})


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layout = Layout("data", "model")
    w = jax.device_put(x, NamedSharding(mesh, layout.placed()))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, layout.gathered())


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
