"""The body sums over each pair of mesh axes `itertools.combinations` gives; with two axes the
first pair is both of them, on which the partly summed value is in two states."""
import itertools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NAMES = ("i", "j")


def main():
    groups = list(itertools.combinations(NAMES, 2))
    mesh = jax.make_mesh((2, 4), NAMES)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, groups[0])  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
