import jax
from jax._src.shard_map import top_level_all_gather
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

MESH = Mesh(mesh_utils.create_device_mesh((2, 4)), ("i", "j"))


def export(x):
    return top_level_all_gather(x, P(None, reduced={"i"}))  # SF104: the mesh set has Auto axes


def run(x):
    with jax.set_mesh(MESH):
        x = jax.device_put(x, NamedSharding(MESH, P("i")))
        return export(x * 2.0)
