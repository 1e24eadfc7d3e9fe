"""A helper reshards by rows when the module flag (set in main) says so."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = [False]


def place(mesh, x):
    spec = P("i", None) if ROWS[0] else P(("i", "j"), None)
    return jax.device_put(x, NamedSharding(mesh, spec))


def main(mesh, x):
    ROWS[0] = True
    with jax.set_mesh(mesh):
        a = place(mesh, x)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
