"""The step's out_shardings use configured axes; the export gathers the column axis."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

ROW = os.environ.get("ROW", "r")
COL = os.environ.get("COL", "c")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("r", "c"))
    step = jax.jit(lambda a: a * 2.0 + 1.0, out_shardings=NamedSharding(mesh, P(ROW, COL)))
    with jax.set_mesh(mesh):
        y = step(x)
        full = top_level_all_gather(y, P(ROW, COL))
        rows = top_level_all_gather(y, P(ROW, reduced={COL}))
    return full, rows


if __name__ == "__main__":
    print(main(*inputs()))
