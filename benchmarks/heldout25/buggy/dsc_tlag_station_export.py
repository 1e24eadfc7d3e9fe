"""Export a downscaled ensemble field to station files; dims map to mesh axes like xarray coords."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

DIM_TO_AXIS = {"ensemble": "member", "lat": "tile", "lon": None, "station": None}


class Field:
    def __init__(self, data, dims):
        self.data = data
        self.dims = dims

    @property
    def spec(self):
        return P(*(DIM_TO_AXIS[d] for d in self.dims))

    def place(self, mesh):
        return Field(jax.device_put(self.data, NamedSharding(mesh, self.spec)), self.dims)


def inputs():
    return (np.linspace(270.0, 300.0, 8 * 16 * 4, dtype=np.float32).reshape(8, 16, 4),)


def to_stations(field, dims=("ensemble", "station", "lon")):
    target = Field(None, dims)
    return top_level_all_gather(field.data, target.spec)


def main(data):
    mesh = jax.make_mesh((2, 4), ("member", "tile"))
    field = Field(data, ("ensemble", "lat", "lon")).place(mesh)
    with jax.set_mesh(mesh):
        return to_stations(field)


if __name__ == "__main__":
    print(main(*inputs()))
