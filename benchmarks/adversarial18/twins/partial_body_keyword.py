"""shard_map of functools.partial(body, axes=...): the partial's axes are used."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import functools


def body(block, axes):
    rows = jax.lax.psum(block, "j")
    return jax.lax.psum(rows, axes)


def main(mesh, x):
    f = functools.partial(body, axes=("i", "j"))
    f = functools.partial(f, axes=("i", "j"))
    return jax.shard_map(f, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
