import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export(params):
    return {k: top_level_all_gather(v, P(None, reduced={"i"})) for k, v in params.items()}  # none: traced under the mesh


def main(mesh, x):
    with jax.set_mesh(mesh):
        params = {"w": jax.device_put(x, NamedSharding(mesh, P("i")))}
        return jax.jit(export)(params)


if __name__ == "__main__":
    import numpy as np
    main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32))
