"""A second gather of a gathered (reduced) array lists both axes."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
        g = top_level_all_gather(a, P(None, "j", reduced={"i"}))
        return top_level_all_gather(g, P(None, None, reduced={"j"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
