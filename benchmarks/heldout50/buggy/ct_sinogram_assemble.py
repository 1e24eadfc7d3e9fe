"""Assemble a full sinogram from angle/detector tiles, stage by stage."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class Geometry:
    n_angles: int = 64
    n_det: int = 32
    axes: tuple = ("angle", "det")


class DetectorRows:
    def __init__(self, geom):
        self.det_axis = geom.axes[1]

    def run(self, tile):
        return jax.lax.all_gather(tile, self.det_axis, axis=1, tiled=True, to="reduced")


class FullSinogram:
    def __init__(self, geom):
        self.axes = geom.axes

    def run(self, rows):
        return jax.lax.all_gather(rows, self.axes, axis=0, tiled=True, to="reduced")


def inputs():
    g = Geometry()
    rng = np.random.default_rng(11)
    return (rng.uniform(size=(g.n_angles, g.n_det)).astype(np.float32), g)


def main(sino, geom):
    mesh = jax.make_mesh((4, 2), geom.axes)
    sino = jax.device_put(sino, NamedSharding(mesh, P(*geom.axes)))
    stages = [DetectorRows(geom), FullSinogram(geom)]

    def body(tile):
        for stage in stages:
            tile = stage.run(tile)
        return tile

    f = jax.shard_map(body, mesh=mesh, in_specs=P(*geom.axes),
                      out_specs=P(None, None, reduced=set(geom.axes)))
    return f(sino)


if __name__ == "__main__":
    main(*inputs())
