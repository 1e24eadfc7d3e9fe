"""A nested function reads its enclosing local when called, after it was rebound."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def make_picker():
    out = P(None, None)

    def pick():
        return out
    out = P(None, None, reduced={"i"})
    return pick


def main(mesh, x):
    pick = make_picker()
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, pick())


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
