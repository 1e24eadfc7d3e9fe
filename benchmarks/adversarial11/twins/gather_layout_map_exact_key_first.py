"""A LayoutMap-like lookup takes an exact key before any pattern; "dense_w" is laid out by rows."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

import re

RULES = {"dense.*": P(("i", "j"), None), "dense_w": P("i", None)}


def layout_for(name):
    if name in ():
        return RULES[name]
    for pattern, spec in RULES.items():
        if re.search(pattern, name):
            return spec
    return P()


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, layout_for("dense_w")))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
