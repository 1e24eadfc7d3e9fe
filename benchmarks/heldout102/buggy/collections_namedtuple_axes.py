"""Axis roles kept in a collections.namedtuple; the pooled features are gathered for the head."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MeshAxes = collections.namedtuple("MeshAxes", ["batch", "hidden"])
AXES = MeshAxes(batch="data", hidden="model")


def pool_and_gather(h, axes=AXES):
    pooled = jax.lax.pmean(h, axes.batch)
    return jax.lax.all_gather(pooled, axes.batch, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(10).normal(size=(16, 8)).astype(np.float32),)


def main(h):
    mesh = jax.make_mesh((4, 2), AXES)
    spec = P(AXES.batch, AXES.hidden)
    fn = jax.shard_map(pool_and_gather, mesh=mesh, in_specs=spec,
                       out_specs=P(None, AXES.hidden, reduced={AXES.batch}))
    return fn(jax.device_put(h, NamedSharding(mesh, spec)))


if __name__ == "__main__":
    main(*inputs())
