"""Axes as a str Enum, gathers built as a chain of functools.partial objects: one partial fixes
the collective's options, a second the axes."""
import enum
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Ax(str, enum.Enum):
    ROWS = "rows"
    COLS = "cols"


reduced_gather = functools.partial(jax.lax.all_gather, to="reduced", tiled=True)
gather_rows = functools.partial(reduced_gather, axis_name=Ax.ROWS.value, axis=0)
gather_both = functools.partial(reduced_gather, axis_name=(Ax.ROWS.value, Ax.COLS.value), axis=1)


def body(w):
    w_rows = gather_rows(w)
    w_all = gather_both(w_rows)
    return w_all


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16),)


def main(w):
    mesh = jax.make_mesh((2, 4), (Ax.ROWS.value, Ax.COLS.value))
    spec = P(Ax.ROWS.value, Ax.COLS.value)
    w = jax.device_put(w, NamedSharding(mesh, spec))
    f = jax.shard_map(body, mesh=mesh, in_specs=spec,
                      out_specs=P(None, None, reduced={Ax.ROWS.value, Ax.COLS.value}))
    return f(w)


if __name__ == "__main__":
    print(main(*inputs()))
