"""jax.tree.leaves of an OrderedDict follows its insertion order."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

import collections


def main(mesh, x):
    outs = collections.OrderedDict()
    outs["w"] = P(None, None, reduced={"i"})
    outs["b"] = P(None, None)
    first = jax.tree.leaves(outs, is_leaf=lambda s: isinstance(s, P))[1]
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, first)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
