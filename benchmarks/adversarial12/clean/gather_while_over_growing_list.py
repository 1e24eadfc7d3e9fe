"""A for loop over rules expanded by includes appended to the same list."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


INCLUDES = {"reduced": [("out", P(None, None, reduced={"i"}))]}


def main(mesh, x):
    rules = [("out", P(None, None)), ("include", "reduced")]
    table = {}
    for key, value in rules:
        if key == "include":
            rules.extend(INCLUDES[value])
        else:
            table[key] = value
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, table["out"])


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
