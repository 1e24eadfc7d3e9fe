"""A worker generator told of a failure by throw(): its handler catches the error at
the suspended yield and yields the fallback axes, both names."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def worker():
    try:
        yield "i"
    except ValueError:
        yield ("i", "j")


def main():
    gen = worker()
    next(gen)
    return reduce_over(gen.throw(ValueError("retry on both axes")))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
