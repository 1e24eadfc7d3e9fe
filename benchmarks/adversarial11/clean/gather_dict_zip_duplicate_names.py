"""dict(zip(names, specs)) keeps the last spec of a name given twice."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

NAMES = ["w", "b", "w"]
SPECS = [P(("i", "j"), None), P("i", None), P("i", None)]


def main(mesh, x):
    layout = dict(zip(NAMES, SPECS))
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in layout.items()}
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
