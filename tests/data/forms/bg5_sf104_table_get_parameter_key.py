import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BACKEND_LAYOUTS = {"octomap": P("j", None), "voxel": P(None, None)}


def build_transform(mesh):
    out = NamedSharding(mesh, P(("i", "j"), None))
    return jax.jit(lambda cloud: cloud * 2, out_shardings=out)


def export(cloud, backend, mesh):
    layout = BACKEND_LAYOUTS.get(backend, P())
    with jax.set_mesh(mesh):
        return top_level_all_gather(cloud, layout)  # SF104


def main(mesh, cloud):
    registered = build_transform(mesh)(cloud)
    return export(registered, "octomap", mesh)
