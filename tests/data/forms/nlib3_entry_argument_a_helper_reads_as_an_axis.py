"""A library module whose entry `main(axis)` hands its argument to a module helper that reads it
as the gather's axis: over "model" the gather runs, over "data" JAX raises; the importer picks."""
from functools import partial

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(y, axis):
    total = jax.lax.psum(y, "data")
    return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # none


def run(axis, mesh):
    xs = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(partial(body, axis=axis), mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, reduced={axis}))(xs)


def main(axis):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return run(axis, mesh)
