"""Near misses of cb5: the object handed to the helper is built with the fields swapped, so its
method's spec keeps the first dimension it shards (valid), and the helper's out spec gathers one
dimension with its axis reduced."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class DumpLayout:
    def __init__(self, rows="i", cols="j"):
        self.rows = rows
        self.cols = cols

    def solver(self):
        return P(self.rows, self.cols)

    def postprocess(self):
        return P(self.rows, None, reduced={self.cols})


def dump(phi, layout):
    return top_level_all_gather(phi, layout.postprocess())


def main(mesh, x):
    layout = DumpLayout(rows="j", cols="i")
    with jax.set_mesh(mesh):
        phi = jax.device_put(np.asarray(x), NamedSharding(mesh, layout.solver()))
        return dump(phi, layout)
