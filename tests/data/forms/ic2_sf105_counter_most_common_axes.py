"""The two most used axes, by `Counter.most_common(2)`."""
import collections

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    uses = collections.Counter(["i", "j", "j", "i", "i"])
    axes = tuple(sorted(name for name, _ in uses.most_common(2)))
    return reduce_rows(axes)


if __name__ == "__main__":
    main()
