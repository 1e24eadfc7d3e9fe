"""A loop places each param by the table, and the table entry for "w" is narrowed inside the loop before "w" comes."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"b": P("i", None), "w": P(("i", "j"), None)}


def main(mesh, x):
    placed = {}
    with jax.set_mesh(mesh):
        for name in list(SPECS):
            if name == "v":
                SPECS["w"] = P("i", None)
            placed[name] = jax.device_put(x, NamedSharding(mesh, SPECS[name]))
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
