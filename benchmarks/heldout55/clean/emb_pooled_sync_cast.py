"""Pooled embeddings of a table-wise sharded EBC, made available to every rank for the over-arch."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    batch: str = "dp"
    tables: str = "shard"


def sum_pooling(bags):
    return bags.sum(axis=1)


POOLING = {"sum": sum_pooling, "mean": lambda b: b.mean(axis=1)}


def pooled_forward(bags, *, axes, pooling):
    pooled = POOLING[pooling](bags)
    across_tables = jax.lax.all_gather(pooled, axes.tables, axis=1, tiled=True, to="reduced")
    across_tables = jax.lax.pcast(across_tables, axes.tables, to="varying")
    return jax.lax.all_gather(across_tables, tuple(axes), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(8, 4, 16)).astype(np.float32),)


def main(bags):
    axes = Axes()
    mesh = jax.make_mesh((2, 4), tuple(axes))
    bags = jax.device_put(bags, NamedSharding(mesh, P(axes.batch, None, axes.tables)))
    body = functools.partial(pooled_forward, axes=axes, pooling="sum")
    f = jax.shard_map(body, mesh=mesh, in_specs=P(axes.batch, None, axes.tables),
                      out_specs=P(None, None, reduced=set(axes)))
    return f(bags)


if __name__ == "__main__":
    main(*inputs())
