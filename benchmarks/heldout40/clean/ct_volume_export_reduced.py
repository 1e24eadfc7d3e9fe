"""Exporting a reconstruction: sinogram and volume gathered into their archive layouts."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

COMPUTE = P("view", "det")
ARCHIVE = {
    "sinogram": P("view", None, reduced={"det"}),
    "volume": P(None, "det", reduced={"view"}),
}


def reconstruct(mesh, sino):
    sharding = NamedSharding(mesh, COMPUTE)
    sino = jax.device_put(sino, sharding)
    volume = jax.device_put(np.cumsum(np.asarray(sino), axis=0), sharding)
    return {"sinogram": sino, "volume": volume}


def export(arrays):
    archived = {}
    for name, arr in arrays.items():
        archived[name] = top_level_all_gather(arr, ARCHIVE[name])
    return archived


def inputs():
    mesh = jax.make_mesh((2, 4), ("view", "det"))
    sino = np.random.default_rng(53).uniform(size=(16, 32)).astype(np.float32)
    return mesh, reconstruct(mesh, sino)


def main(mesh, arrays):
    with jax.set_mesh(mesh):
        return export(arrays)


if __name__ == "__main__":
    main(*inputs())
