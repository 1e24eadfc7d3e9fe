"""enum.Flag sync modes; the gather is a plain (varying) all_gather before the mean."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Sync(enum.Flag):
    GATHER = enum.auto()
    MEAN = enum.auto()


def body(x, mode=Sync.GATHER | Sync.MEAN):
    if Sync.GATHER in mode:
        x = jax.lax.all_gather(x, "data", axis=0, tiled=True)
    if Sync.MEAN in mode:
        x = jax.lax.pmean(x, "data")
    return x


def inputs():
    return (np.random.default_rng(104).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model"))
    return fn(jax.device_put(x, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
