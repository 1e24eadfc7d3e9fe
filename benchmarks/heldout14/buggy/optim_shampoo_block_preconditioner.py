"""Blocked Shampoo: every device owns one block of the left statistics G G^T; the blocks of
a row are assembled for the inverse root, then every block for the preconditioner cache."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("brow", "bcol"))
ROW, COL = MESH.axis_names


def block_stats(g_block, decay=0.95):
    return (1.0 - decay) * g_block @ g_block.T


def assemble_row(stats):
    return jax.lax.all_gather(stats, COL, axis=1, tiled=True, to="reduced")


def assemble_cache(row_stats):
    return jax.lax.all_gather(row_stats, MESH.axis_names, axis=0, tiled=True, to="reduced")


@functools.partial(jax.shard_map, mesh=MESH, in_specs=P(ROW, COL),
                   out_specs=P(None, None, reduced={ROW, COL}))
def preconditioner_cache(g_block):
    return assemble_cache(assemble_row(block_stats(g_block)))


def inputs():
    return (np.linspace(-1, 1, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(g):
    g = jax.device_put(g, NamedSharding(MESH, P(ROW, COL)))
    return preconditioner_cache(g)


if __name__ == "__main__":
    print(main(*inputs()))
