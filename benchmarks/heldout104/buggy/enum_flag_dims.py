"""Which dims to gather is an enum.Flag combination."""
import enum

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Gather(enum.Flag):
    ROWS = enum.auto()
    COLS = enum.auto()


WANT = Gather.ROWS | Gather.COLS


def spec_for(flags):
    dims = (None if Gather.ROWS in flags else "data",
            None if Gather.COLS in flags else "model")
    gathered = {a for a, d in zip(("data", "model"), dims) if d is None}
    return P(*dims, reduced=gathered)


def export(x):
    return top_level_all_gather(x, spec_for(WANT))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return jax.jit(export)(x)


if __name__ == "__main__":
    main()
