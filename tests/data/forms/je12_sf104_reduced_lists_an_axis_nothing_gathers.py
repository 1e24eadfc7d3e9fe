"""An export gathers every weight whole and lists every mesh axis as reduced: the weight is
sharded on "j" only, so no dimension gathers "i", the result is not reduced there, and JAX
rejects the out sharding."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export_layout(value, mesh):
    return P(*([None] * value.ndim), reduced=set(mesh.axis_names))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    w = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(None, "j")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, export_layout(w, mesh))  # SF104


if __name__ == "__main__":
    main()
