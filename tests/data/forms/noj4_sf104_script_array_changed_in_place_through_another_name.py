import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {1: P("j", None, reduced={"i"}), 2: P(None, "j", reduced={"i"})}


def main(mesh):
    steps = np.array([1, 5])
    first = steps
    steps += 1  # (NumPy writes into the array `first` names too: its first item is 2 now)
    view = np.arange(4)[:2]
    view += 1
    table = np.ones((8, 8), np.float32)
    with jax.set_mesh(mesh):
        placed = jax.device_put(table, NamedSharding(mesh, P("i", "j")))
        return top_level_all_gather(placed, LAYOUTS[int(first[0])])


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")))
