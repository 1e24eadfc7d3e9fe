"""Mosaic augmentation (YOLO-style) assembled on device; tile layouts keyed by pipeline stage."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Stage(str, enum.Enum):
    DECODE = "decode"
    MOSAIC = "mosaic"
    TRAIN = "train"


LAYOUT = {
    Stage.DECODE: P(("batch", "width"), None),
    Stage.MOSAIC: P("width", None, reduced={"batch"}),
    Stage.TRAIN: P("batch", None),
}


class MosaicLoader:
    def __init__(self, mesh):
        self.mesh = mesh

    def decode(self, n=16, size=8):
        tiles = np.arange(n * size, dtype=np.float32).reshape(n, size) / (n * size)
        return jax.device_put(tiles, NamedSharding(self.mesh, LAYOUT[Stage.DECODE]))

    def mosaic(self, tiles):
        tiles = jax.reshard(tiles, LAYOUT[Stage.TRAIN])
        return tiles


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((4, 2), ("batch", "width"))
    loader = MosaicLoader(mesh)
    with jax.set_mesh(mesh):
        tiles = loader.decode()
        return loader.mosaic(tiles)


if __name__ == "__main__":
    main(*inputs())
