import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BACKEND_LAYOUTS = {"octomap": P("j", None), "voxel": P(None, None)}


def register_backends(table):
    table["octomap"] = P(None, None, reduced={"i", "j"})


def export(cloud, backend, mesh):
    layout = BACKEND_LAYOUTS.get(backend, P())
    with jax.set_mesh(mesh):
        return top_level_all_gather(cloud, layout)  # none


def main(mesh, cloud):
    register_backends(BACKEND_LAYOUTS)
    cloud = jax.device_put(cloud, NamedSharding(mesh, P(("i", "j"), None)))
    return export(cloud, "octomap", mesh)
