"""jax.tree.map keeps an OrderedDict's insertion order (only plain dicts come back sorted)."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

import collections

OUTS = collections.OrderedDict([("w", P(None, None, reduced={"i"})), ("b", P(None, None))])


def main(mesh, x):
    with jax.set_mesh(mesh):
        outs = jax.tree.map(lambda s: s, OUTS, is_leaf=lambda s: isinstance(s, P))
        out = list(outs.values())[0]
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
