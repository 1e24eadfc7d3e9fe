"""Embedding-table dump: the gather axes are the chained batch and tensor axis groups."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS_GROUPS = {"batch": ["data"], "tensor": ["model"]}


def body(table):
    rows = jax.lax.all_gather(table, "model", axis=1, tiled=True, to="reduced")
    dump_axes = tuple(itertools.chain(AXIS_GROUPS["batch"], AXIS_GROUPS["tensor"]))
    return jax.lax.all_gather(rows, dump_axes, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8),)


def main(table):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return fn(jax.device_put(table, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
