"""A small library module whose own `psum` helper sums along an array axis (not JAX's
collective), applied to a reduced histogram."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["psum", "replicated_histogram"]


def psum(x: jax.Array, axis: int) -> jax.Array:
    """Sum of `x` along array axis `axis` (a plain reduction, named after the paper's notation)."""
    return jnp.sum(x, axis=axis)


def replicated_histogram(values: jax.Array, edges: jax.Array) -> jax.Array:
    inside = (values[:, None] >= edges[None, :-1]) & (values[:, None] < edges[None, 1:])
    per_shard = inside.sum(axis=0).astype(jnp.float32)[None]
    rows = jax.lax.all_gather(per_shard, "data", axis=0, tiled=True, to="reduced")
    return psum(rows, 0)


def inputs():
    rng = np.random.default_rng(117)
    return rng.uniform(size=(256,)).astype(np.float32), np.linspace(0.0, 1.0, 17).astype(np.float32)


def main(values, edges):
    mesh = jax.make_mesh((8,), ("data",))
    values = jax.device_put(values, NamedSharding(mesh, P("data")))
    edges = jax.device_put(edges, NamedSharding(mesh, P()))
    return jax.shard_map(replicated_histogram, mesh=mesh, in_specs=(P("data"), P()),
                         out_specs=P(reduced={"data"}))(values, edges)
