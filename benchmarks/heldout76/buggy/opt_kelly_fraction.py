"""Fractional-Kelly sizing with position bounds."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BOUNDS = {"lo": -0.05, "hi": 0.05}
KELLY = {"fraction": 0.25, "edge_axis": "name"}


def universe_edges(edge, axis):
    return jax.lax.all_gather(edge, axis, axis=1, tiled=True, to="reduced")


def kelly_sizes(edge, var, *, fraction, edge_axis, lo, hi):
    full = universe_edges(edge / var, edge_axis)
    sized = jnp.clip(full, lo, hi)
    return sized.sum(axis=0, keepdims=True)


def inputs():
    rng = np.random.default_rng(506)
    return ((0.01 * rng.standard_normal((4, 32))).astype(np.float32),
            (0.04 + 0.02 * rng.random((4, 32))).astype(np.float32))


def main(edge, var):
    mesh = jax.make_mesh((2, 4), ("book", "name"))
    lay = NamedSharding(mesh, P("book", "name"))
    body = functools.partial(kelly_sizes, **KELLY, **BOUNDS)
    sizes = jax.shard_map(body, mesh=mesh, in_specs=(P("book", "name"), P("book", "name")),
                          out_specs=P("book", None))(jax.device_put(edge, lay), jax.device_put(var, lay))
    print("kelly sizes", sizes.shape)
    return sizes


if __name__ == "__main__":
    main(*inputs())
