"""Two axes on one dimension gathered to the first."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    mesh = jax.make_mesh((2, 2, 2), ("a", "b", "c"))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(("a", "b"), None)))
        return top_level_all_gather(a, P("b", None, reduced={"a"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
