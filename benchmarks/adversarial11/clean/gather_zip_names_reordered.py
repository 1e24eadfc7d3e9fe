"""The names zipped with the specs are listed in another order than the spec table's keys."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = [P(("i", "j"), None), P("i", None)]
NAMES = ["b", "w"]


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = {name: jax.device_put(x, NamedSharding(mesh, spec)) for name, spec in zip(NAMES, SPECS)}
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
