"""The pipeline function is only called through a partial that passes the rows axes."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import functools


def pipeline(task, **kwargs):
    axes = kwargs.get("sync_axes", ("i", "j"))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return body


ROWS = functools.partial(pipeline, sync_axes=("i",))


def main(mesh, x):
    return jax.shard_map(ROWS("count"), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
