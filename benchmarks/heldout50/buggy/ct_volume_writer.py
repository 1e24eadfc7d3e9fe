"""Write reconstructed CT volumes slice-block by slice-block as DICOM-like series."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("slab", "row"))


class VolumeWriter:
    volume_spec = P("slab", "row", None)
    series_spec = P(None, "row", None)

    def __init__(self, mesh, window=(-1000.0, 400.0)):
        self.mesh = mesh
        self.window = window

    def place(self, vol):
        return jax.device_put(vol, NamedSharding(self.mesh, self.volume_spec))

    def to_series(self, vol):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(vol, self.series_spec)


def inputs():
    rng = np.random.default_rng(13)
    return (rng.normal(size=(16, 8, 8)).astype(np.float32),)


def main(vol):
    writer = VolumeWriter(MESH)
    placed = writer.place(vol)
    return writer.to_series(placed)


if __name__ == "__main__":
    main(*inputs())
