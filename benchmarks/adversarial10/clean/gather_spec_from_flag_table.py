"""The input spec comes from a table keyed by a flag changed before use."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"flat": P(("i", "j"), None), "rows": P("i", None)}
MODE = ["flat"]


def main(mesh, x):
    MODE[0] = "rows"
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, SPECS[MODE[0]]))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
