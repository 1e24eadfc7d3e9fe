"""What to synchronise is an enum.Flag combination; each set flag adds one collective."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Sync(enum.Flag):
    GATHER = enum.auto()
    MEAN = enum.auto()
    SHIFT = enum.auto()


def body(x, mode=Sync.GATHER | Sync.MEAN):
    if Sync.GATHER in mode:
        x = jax.lax.all_gather(x, "data", axis=0, tiled=True, to="reduced")
    if Sync.MEAN in mode:
        x = jax.lax.pmean(x, "data")
    if Sync.SHIFT in mode:
        x = jax.lax.ppermute(x, "data", [(i, (i + 1) % 4) for i in range(4)])
    return x


def inputs():
    return (np.random.default_rng(24).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model"))
    return fn(jax.device_put(x, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
