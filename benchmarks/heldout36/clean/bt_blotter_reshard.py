"""Write the trade blotter to the reporting cluster with an explicit reshard."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BlotterLayout:
    def __init__(self, axes):
        self.axes = axes

    def compute(self):
        return P(self.axes, None)

    def export(self):
        return P(self.axes[1], None)


def export_blotter(blotter, mesh, layout):
    placed = jax.device_put(blotter, NamedSharding(mesh, layout.compute()))
    with jax.set_mesh(mesh):
        return jax.reshard(placed, layout.export())


def inputs():
    return (np.arange(16 * 6, dtype=np.float32).reshape(16, 6),)


def main(blotter):
    mesh = jax.make_mesh((2, 4), ("desk", "trader"))
    return export_blotter(blotter, mesh, BlotterLayout(("desk", "trader")))


if __name__ == "__main__":
    print(main(*inputs()))
