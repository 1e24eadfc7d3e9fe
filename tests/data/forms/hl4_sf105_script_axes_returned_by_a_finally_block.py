"""A `return` in a `finally` block ends the function however its `try` ended: the KeyError of the
missing option is dropped, and the axes the final block returns reach the body."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


def axes_for(options):
    axes = ["i"]
    try:
        axes.append(options["extra"])
    finally:
        axes.append("j")
        return tuple(axes)


def first_axes(options):
    try:
        return axes_for(options)
    except KeyError:
        return ("i",)


def reduce_over(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


def main():
    return reduce_over(first_axes({}))


if __name__ == "__main__":
    main()
