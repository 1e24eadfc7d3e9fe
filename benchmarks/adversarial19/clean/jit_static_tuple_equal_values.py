"""Static (1, 2) and (1, 2.0) are equal and hash alike: one trace."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import functools


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


TRACES = []


@functools.partial(jax.jit, static_argnums=1)
def scaled(v, sizes):
    TRACES.append(sizes)
    return v * len(sizes)


def main(mesh, x):
    v = jnp.ones(4)
    scaled(v, (1, 2))
    scaled(v, (1, 2.0))
    axes = ("i", "j")[:len(TRACES)]
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
