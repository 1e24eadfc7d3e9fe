"""A retry decorator calls again after the GPU probe fails; the second attempt answers ('i',)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


ATTEMPTS = []


def retry(exceptions, tries=2):
    def deco(f):
        def wrapper(*args):
            for t in range(tries):
                try:
                    return f(*args)
                except exceptions:
                    if t == tries - 1:
                        raise
        return wrapper
    return deco


@retry((RuntimeError,))
def pick():
    ATTEMPTS.append(1)
    if len(ATTEMPTS) == 1:
        jax.devices("cpu")
        return ("i", "j")
    return ("i",)


def main(mesh, x):
    axes = pick()
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
