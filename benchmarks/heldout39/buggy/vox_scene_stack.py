from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GridAxes(NamedTuple):
    scene: str = "scene"
    grid: str = "grid"


class VoxelGrid:
    def __init__(self, mesh, axes=GridAxes()):
        self.mesh = mesh
        self.axes = axes

    def dense(self, feats):
        return jax.lax.all_gather(feats, self.axes.grid, axis=1, tiled=True, to="reduced")

    def stack_scenes(self, feats):
        volume = self.dense(feats)
        return jax.lax.all_gather(volume, tuple(self.axes), axis=0, tiled=True, to="reduced")

    def run(self, feats):
        a = self.axes
        return jax.shard_map(
            self.stack_scenes,
            mesh=self.mesh,
            in_specs=P(a.scene, a.grid, None),
            out_specs=P(None, None, None, reduced={a.scene, a.grid}),
        )(feats)


def inputs():
    rng = np.random.default_rng(11)
    return (rng.normal(size=(4, 16, 3)).astype(np.float32),)


def main(feats):
    mesh = jax.make_mesh((2, 4), ("scene", "grid"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("scene", "grid", None)))
    out = VoxelGrid(mesh).run(feats)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
