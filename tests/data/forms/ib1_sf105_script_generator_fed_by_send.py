"""A coroutine-style collector primed by next() and fed axis names by send(): the
second send() hands back the tuple of both names, which the body sums over."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def collector():
    names = []
    while True:
        name = yield tuple(names)
        names.append(name)


def main():
    gen = collector()
    next(gen)
    gen.send("i")
    return reduce_over(gen.send("j"))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
