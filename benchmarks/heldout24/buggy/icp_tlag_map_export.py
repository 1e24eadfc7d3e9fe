"""Export the registered point-cloud map in the layout the mapping backend asks for."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BACKEND_LAYOUTS = {"octomap": P("points", None), "voxel": P(None, None)}


def build_transform(mesh):
    out = NamedSharding(mesh, P(("scan", "points"), None))
    return jax.jit(lambda cloud, rotation: cloud @ rotation.T, out_shardings=out)


def export(cloud, backend, mesh):
    layout = BACKEND_LAYOUTS.get(backend, P())
    with jax.set_mesh(mesh):
        return top_level_all_gather(cloud, layout)


def inputs():
    rng = np.random.default_rng(63)
    return (rng.standard_normal((64, 3)).astype(np.float32), np.eye(3, dtype=np.float32))


def main(cloud, rotation):
    mesh = jax.make_mesh((2, 4), ("scan", "points"))
    cloud = jax.device_put(cloud, NamedSharding(mesh, P(("scan", "points"), None)))
    rotation = jax.device_put(rotation, NamedSharding(mesh, P()))
    registered = build_transform(mesh)(cloud, rotation)
    return export(registered, "octomap", mesh)


if __name__ == "__main__":
    print(main(*inputs()))
