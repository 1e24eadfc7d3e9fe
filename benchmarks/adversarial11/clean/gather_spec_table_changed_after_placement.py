"""The spec table is changed after the comprehension placed the params: the placement used the old entry."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("i", None), "b": P("i", None)}


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
        SPECS["w"] = P(("i", "j"), None)
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
