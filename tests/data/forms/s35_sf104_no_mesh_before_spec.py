import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export(x, mesh):
    y = jax.device_put(x, NamedSharding(mesh, P(("i", "j"))))
    return top_level_all_gather(y, P("j"))  # SF104: no context mesh (JAX checks it before the spec)


def main(mesh, x):
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P()))
    return export(x, mesh)


if __name__ == "__main__":
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))
