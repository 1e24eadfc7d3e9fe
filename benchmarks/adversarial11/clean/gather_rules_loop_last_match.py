"""A loop over layout rules without a break keeps the last rule that matches."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

import re

RULES = [("w", P(("i", "j"), None)), ("^w$", P("i", None))]


def layout_for(name):
    chosen = P()
    for pattern, spec in RULES:
        if re.search(pattern, name):
            chosen = spec
    return chosen


def main(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, layout_for("w")))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
