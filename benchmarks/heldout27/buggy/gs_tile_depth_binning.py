"""Tile binning for the rasteriser: depths of all Gaussians are exchanged between tile owners."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TileBinner:
    gaussian_axis = "gaussians"
    tile_axis = "views"

    def __init__(self, n_tiles):
        self.n_tiles = n_tiles

    def depths(self, means_cam):
        z = means_cam[..., 2]
        return jax.lax.all_gather(z, self.gaussian_axis, axis=1, tiled=True, to="reduced")

    def route_to_tiles(self, z):
        return jax.lax.all_to_all(z, self.gaussian_axis, split_axis=1, concat_axis=0, tiled=True)

    def __call__(self, means_cam):
        return self.route_to_tiles(self.depths(means_cam))


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(size=(8, 32, 3)).astype(np.float32),)


def main(means_cam):
    mesh = jax.make_mesh((2, 4), ("views", "gaussians"))
    spec = P("views", "gaussians", None)
    means_cam = jax.device_put(means_cam, NamedSharding(mesh, spec))
    fn = jax.shard_map(TileBinner(16), mesh=mesh, in_specs=spec, out_specs=P(("views", "gaussians"), None))
    return fn(means_cam)


if __name__ == "__main__":
    print(main(*inputs()))
