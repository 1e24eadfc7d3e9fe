import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export(x, axis):
    return top_level_all_gather(x, P(None, reduced={axis}))  # SF104


def export_rows(x):
    return export(x, "i")


def export_in_mesh(x, axis):
    return top_level_all_gather(x, P(None, reduced={axis}))  # none: its one call runs under the mesh


def place(mesh, x):
    with jax.set_mesh(mesh):
        return jax.device_put(x, NamedSharding(mesh, P("i")))


def main(mesh, x):
    x = place(mesh, x)
    with jax.set_mesh(mesh):
        inside = export_in_mesh(x, "i")
    return inside, export_rows(x)


if __name__ == "__main__":
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))
