import jax
import numpy as np
from jax._src import shard_map as smi
from jax.sharding import NamedSharding, PartitionSpec as P


class Exporter:
    axes = ("host", "chip")

    def __init__(self, mesh):
        self.mesh = mesh

    def place(self, w):
        return jax.device_put(w, NamedSharding(self.mesh, P(self.axes)))

    def gather(self, w):
        w = self.place(w)
        return smi.top_level_all_gather(w, P("chip"))


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("host", "chip"))
    with jax.set_mesh(mesh):
        return Exporter(mesh).gather(w)


if __name__ == "__main__":
    print(main(*inputs()))
