import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def place(mesh, x):
    return jax.device_put(x, NamedSharding(mesh, P("i")))


def export(x):
    return top_level_all_gather(x, P(None, reduced={"i"}))  # SF104: the mesh set has Auto axes


def run(x):
    mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        return export(place(mesh, x))
