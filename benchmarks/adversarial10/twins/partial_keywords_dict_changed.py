"""`partial.keywords` is the dict the partial calls with; changing it changes the call."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import functools


def reduce(block, sync_axes):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, sync_axes)


def main(mesh, x):
    body = functools.partial(reduce, sync_axes=("i", "j"))
    body.keywords.copy()["sync_axes"] = ("i",)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
