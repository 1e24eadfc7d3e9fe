import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export_spec(v, axis):
    return P(*([None] * (v.ndim - 1)), axis, reduced={"i"})


def main():
    rng = np.random.default_rng(0)
    mask = rng.random((8, 8)) < 0.5
    keep = np.where(mask[:, 0:1], 1.0, 0.0)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, export_spec(keep, "j"))


if __name__ == "__main__":
    main()
