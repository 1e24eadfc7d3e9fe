"""A NamedTuple of axes is a tuple to isinstance but not to `type(...) is tuple`."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

from typing import NamedTuple


class Axes(NamedTuple):
    rows: str = "i"
    cols: str = "j"


SYNC = Axes()


def body(block):
    counts = jax.lax.psum(block, "j")
    if isinstance(SYNC, tuple):
        return jax.lax.psum(counts, tuple(SYNC))
    return jax.lax.psum(counts, SYNC.rows)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
