"""Entry point: gradients are synced over settings.sync_axes, a group the launcher leaves empty."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class Settings:
    batch_axis: str
    sync_axes: tuple


def inputs():
    return Settings("data", ()), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(settings: Settings, g):
    mesh = jax.make_mesh((2, 4), (settings.batch_axis, "model"))
    g = jax.device_put(g, NamedSharding(mesh, P(settings.batch_axis)))

    def sync(g):
        reduced = jax.lax.all_gather(g, settings.sync_axes, to="reduced", tiled=True)
        return jax.lax.psum(reduced, settings.sync_axes) + 1.0

    return jax.shard_map(sync, mesh=mesh, in_specs=P(settings.batch_axis), out_specs=P(settings.batch_axis))(g)
