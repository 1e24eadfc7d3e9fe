"""Subspace iteration: Ritz vectors of all blocks are collected to rotate the basis."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def ritz_block(x, block_axis):
    return jax.lax.all_gather(x, block_axis, axis=1, tiled=True, to="reduced")


def collect_blocks(ritz, block_axis):
    return jax.lax.all_gather(ritz, block_axis, axis=0, tiled=True)


def rotate(x, *, block_axis="vec", row_axis="row"):
    ritz = ritz_block(x, block_axis)
    stacked = collect_blocks(ritz, block_axis)
    q = stacked[: x.shape[0]]
    return x + 0.1 * q[:, : x.shape[1]]


def inputs():
    rng = np.random.default_rng(62)
    return (rng.standard_normal((16, 4)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("row", "vec"))
    x = jax.device_put(x, NamedSharding(mesh, P("row", "vec")))
    body = functools.partial(rotate, block_axis="vec")
    return jax.shard_map(body, mesh=mesh, in_specs=P("row", "vec"), out_specs=P("row", "vec"))(x)


if __name__ == "__main__":
    main(*inputs())
