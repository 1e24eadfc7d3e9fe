import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export_params(params):
    return jax.tree.map(lambda p: top_level_all_gather(p, P(None, reduced={"i"})), params)  # none: run under the mesh


def main(mesh, x):
    with jax.set_mesh(mesh):
        params = {"w": jax.device_put(x, NamedSharding(mesh, P("i")))}
        return export_params(params)


if __name__ == "__main__":
    import numpy as np
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))
