"""A generator iterates the list itself: an item replaced before it is consumed is the one placed."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = [P(("i", "j"), None)]


def main(mesh, x):
    placed = (jax.device_put(x, NamedSharding(mesh, s)) for s in SPECS)
    SPECS.append(P("i", None))
    with jax.set_mesh(mesh):
        a = next(placed)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
