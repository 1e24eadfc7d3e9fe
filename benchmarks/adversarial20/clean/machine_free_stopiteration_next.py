"""next(it, default) over an iterator whose __next__ asserts on a NumPy sum (never true)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class Wide:
    def __iter__(self):
        return self

    def __next__(self):
        if float(np.asarray(X).sum()) != 0.0:
            raise StopIteration
        return ("i", "j")


X = np.arange(4.0)


def main(mesh, x):
    axes = next(Wide(), ("i",))
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
