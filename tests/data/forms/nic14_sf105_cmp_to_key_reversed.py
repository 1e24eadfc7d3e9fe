"""The comparison is reversed: the first two axes are pipe and j."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


RANK = {"i": 0, "j": 1, "pipe": 2}


def by_rank(a, b):
    return RANK[b] - RANK[a]


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    axes = sorted(["i", "pipe", "j"], key=functools.cmp_to_key(by_rank))
    return reduce_rows(tuple(axes[2:]))


if __name__ == "__main__":
    main()
