"""P(("i",), None) == P("i", None) on jax 0.10.2: the placed spec matches the table's key."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    placed = P(("i",), None)
    out = P(None, None, reduced={"i"}) if placed == P("i", None) else P(None, None)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, placed))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
