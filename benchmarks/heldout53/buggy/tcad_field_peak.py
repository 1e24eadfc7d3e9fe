"""Breakdown screening: electric field along the depth and its integral over the device."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCERS = {"sum": jax.lax.psum, "max": jax.lax.pmax, "mean": jax.lax.pmean}


@dataclasses.dataclass
class ScreeningConfig:
    depth_axis: str = "depth"
    reduce: str = "sum"
    spacing: float = 0.025


def potential_column(phi, cfg):
    return jax.lax.all_gather(phi, cfg.depth_axis, axis=1, tiled=True, to="reduced")


def field_integral(phi, cfg):
    column = potential_column(phi, cfg)
    field = column[:, 1:] - column[:, :-1]
    return REDUCERS[cfg.reduce](field.sum(axis=1), cfg.depth_axis)


def inputs():
    rng = np.random.default_rng(122)
    return (np.cumsum(rng.uniform(0.0, 0.05, (8, 16)), axis=1).astype(np.float32),)


def main(phi):
    cfg = ScreeningConfig()
    mesh = jax.make_mesh((2, 4), ("lateral", cfg.depth_axis))
    phi = jax.device_put(phi, NamedSharding(mesh, P("lateral", "depth")))
    return jax.shard_map(lambda p: field_integral(p, cfg), mesh=mesh, in_specs=P("lateral", "depth"),
                         out_specs=P("lateral"))(phi)


if __name__ == "__main__":
    main(*inputs())
