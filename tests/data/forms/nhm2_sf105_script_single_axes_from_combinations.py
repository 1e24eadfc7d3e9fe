"""`itertools.combinations(NAMES, 1)` gives single axes: the first group is ("i",), on which the
partly summed value is in one state (a pair is made only for r=2)."""
import itertools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NAMES = ("i", "j")


def main():
    groups = list(itertools.combinations(NAMES, 1))
    mesh = jax.make_mesh((2, 4), NAMES)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, groups[0])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
