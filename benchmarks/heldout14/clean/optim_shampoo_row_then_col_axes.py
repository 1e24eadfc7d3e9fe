"""Blocked Shampoo: the statistics blocks of a row are assembled over the column axis, then
over the row axis alone (each gather over an axis the value still varies on)."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("brow", "bcol"))
ROW, COL = MESH.axis_names


def block_stats(g_block, decay=0.95):
    return (1.0 - decay) * g_block @ g_block.T


@functools.partial(jax.shard_map, mesh=MESH, in_specs=P(ROW, COL),
                   out_specs=P(None, None, reduced={ROW, COL}))
def preconditioner_cache(g_block):
    row = jax.lax.all_gather(block_stats(g_block), COL, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(row, ROW, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.linspace(-1, 1, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(g):
    g = jax.device_put(g, NamedSharding(MESH, P(ROW, COL)))
    return preconditioner_cache(g)


if __name__ == "__main__":
    print(main(*inputs()))
