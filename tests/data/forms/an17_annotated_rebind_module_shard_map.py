import jax
import numpy as np
from jax.sharding import PartitionSpec as P

REDUCE: tuple[str, ...] = ("j",)
WEIGHTS = np.ones((4,), np.float32)


def stats(x):
    per_row = jax.lax.psum(x, "j").sum(axis=1)
    return jax.lax.psum(per_row, REDUCE)  # SF105


REDUCE: tuple[str, ...] = ("i", "j")


def run(mesh, x):
    f = jax.shard_map(stats, mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    return f(x)
