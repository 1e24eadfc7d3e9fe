"""A module spec table given as a constructor default and stored as `self.layout`; one method
places by it, another gathers by it. Nothing in the file changes any `.layout` dict."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {
    "compute": P(("i", "j"), None),
    "writer": P("j", None),
}


class Writer:
    def __init__(self, mesh, layout=LAYOUT):
        self.mesh = mesh
        self.layout = layout

    def place(self, x):
        return jax.device_put(x, NamedSharding(self.mesh, self.layout["compute"]))

    def write(self, x):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(x, self.layout["writer"])  # SF104


def main(mesh, x):
    writer = Writer(mesh)
    return writer.write(writer.place(np.asarray(x)))
