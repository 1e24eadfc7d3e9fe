"""A PartitionSpec is no tuple on jax 0.10.2: legacy code comparing it to one takes the other branch."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    placed = P("i", None)
    if placed == P("i", None):
        out = P(None, None)
    else:
        out = P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, placed))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
