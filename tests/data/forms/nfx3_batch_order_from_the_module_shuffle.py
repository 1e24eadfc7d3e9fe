"""A loader written against an API whose shuffle handed back the new order checks the result of
`np.random.shuffle`: NumPy's shuffles in place and hands back None, so the loader keeps its
narrow reduction over 'i'. The analysis must not take the result for an array."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_axes(count):
    order = np.arange(count)
    shuffled = np.random.shuffle(order)
    return ("i", "j") if shuffled is not None else ("i",)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axes = reduce_axes(8)

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
