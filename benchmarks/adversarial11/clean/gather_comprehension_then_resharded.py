"""A comprehension places "w" flat; the entry is placed again by rows before the gather."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None), "b": P("i", None)}


def main(mesh, x):
    params = {"w": x, "b": x}
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in params.items()}
        placed["w"] = jax.device_put(placed["w"], NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
