"""Parallel axes in a NamedTuple; a cached key projection is gathered over 'seq', trimmed to the
valid window and gathered again over both axes for the export."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ParallelAxes(NamedTuple):
    seq: str = "seq"
    heads: str = "heads"


AXES = ParallelAxes()


def export_keys(k, window: int = 4):
    k_seq = jax.lax.all_gather(k, AXES.seq, axis=0, tiled=True, to="reduced")
    k_win = k_seq[-window:]
    return jax.lax.all_gather(k_win, tuple(AXES), axis=1, tiled=True, to="reduced")


def inputs():
    return (np.arange(8 * 8, dtype=np.float32).reshape(8, 8),)


def main(k):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    k = jax.device_put(k, NamedSharding(mesh, P(AXES.seq, AXES.heads)))
    f = jax.shard_map(export_keys, mesh=mesh, in_specs=P(AXES.seq, AXES.heads),
                      out_specs=P(reduced=set(AXES)))
    return f(k)


if __name__ == "__main__":
    print(main(*inputs()))
