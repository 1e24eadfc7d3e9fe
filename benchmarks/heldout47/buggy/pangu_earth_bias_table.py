"""Earth-specific positional bias of a 3D window transformer, exported as one table."""
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BiasAxes(NamedTuple):
    window: str = "lon"
    head: str = "batch"


class EarthSpecificBias:
    def __init__(self, num_windows=8, num_heads=4, axes=BiasAxes()):
        self.num_windows = num_windows
        self.num_heads = num_heads
        self.axes = axes

    def init(self, seed=0):
        rng = np.random.default_rng(seed)
        return (0.02 * rng.standard_normal((self.num_windows, self.num_heads))).astype(np.float32)

    def full_table(self, table):
        per_window = jax.lax.all_gather(table, self.axes.window, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(per_window, tuple(self.axes), axis=1, tiled=True, to="reduced")


def inputs():
    return (EarthSpecificBias().init(),)


def main(table):
    bias = EarthSpecificBias()
    mesh = jax.make_mesh((2, 4), ("batch", "lon"))
    table = jax.device_put(table, NamedSharding(mesh, P(bias.axes.window, bias.axes.head)))
    export = jax.shard_map(bias.full_table, mesh=mesh, in_specs=P("lon", "batch"),
                           out_specs=P(None, None, reduced={"lon", "batch"}))
    return export(table)


if __name__ == "__main__":
    main(*inputs())
