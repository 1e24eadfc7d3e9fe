"""throw() raises at the suspended yield: the rest of the try body (which would
yield both axes) is skipped and the handler yields 'i' alone (a model that reads throw() as
next() would see both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def worker():
    try:
        yield "i"
        yield ("i", "j")
    except ValueError:
        yield "i"


def main():
    gen = worker()
    next(gen)
    return reduce_over(gen.throw(ValueError("retry")))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
