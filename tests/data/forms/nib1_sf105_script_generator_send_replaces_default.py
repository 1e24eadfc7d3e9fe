"""A chooser generator yields its default axes until it is sent others: the value
sent replaces the default, so the body sums over 'i' alone (a model that reads send() as next()
would see both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def chooser():
    axes = ("i", "j")
    while True:
        picked = yield axes
        if picked is not None:
            axes = picked


def main():
    gen = chooser()
    next(gen)
    return reduce_over(gen.send("i"))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
