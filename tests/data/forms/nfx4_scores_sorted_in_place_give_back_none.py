"""A ranking helper takes the result of `scores.sort()` for the sorted scores, as `sorted()` would
give them; a NumPy array sorts in place and hands back None (so do `fill`, `partition`, `put`), so
the helper keeps its narrow reduction over 'i'. The analysis must not take the result for an
array."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_axes(scores):
    ranked = scores.sort()
    if ranked is None:
        return ("i",)
    return ("i", "j")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axes = reduce_axes(np.linspace(1.0, 0.0, 8))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
