"""The `return` of a `finally` block replaces the value the `try` block was returning: one axis."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


def axes_for(options):
    axes = ["i"]
    try:
        return tuple(axes) + (options.get("extra", "j"),)
    finally:
        if not options.get("wide"):
            return tuple(axes)


def reduce_over(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


def main():
    return reduce_over(axes_for({}))


if __name__ == "__main__":
    main()
