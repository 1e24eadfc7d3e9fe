"""A library module with a module-level options object whose method sets the axis on `self`:
after `OPTIONS.use("model")` the entry runs clean."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Options:
    def __init__(self):
        self.axis = "data"

    def use(self, name):
        self.axis = name


OPTIONS = Options()


def body(y):
    total = jax.lax.psum(y, "data")
    return jax.lax.all_gather(total, OPTIONS.axis, axis=0, tiled=True, to="reduced")  # none


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, reduced={OPTIONS.axis}))(x)
