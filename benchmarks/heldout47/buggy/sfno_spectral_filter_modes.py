"""Exports the learned spectral filter of an SFNO block as one replicated table."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECTRAL_AXES = ("lat", "data")
MODES, CHANNELS = 8, 8


def make_filter_export(mesh, axes=SPECTRAL_AXES):
    mode_axis, channel_axis = axes

    @functools.partial(
        jax.shard_map, mesh=mesh,
        in_specs=P(mode_axis, channel_axis),
        out_specs=P(None, None, reduced={mode_axis, channel_axis}),
    )
    def export(weights):
        by_mode = jax.lax.all_gather(weights, mode_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(by_mode, axes, axis=1, tiled=True, to="reduced")

    return export


def init_filter(seed=0):
    rng = np.random.default_rng(seed)
    scale = 1.0 / np.sqrt(CHANNELS)
    return (scale * rng.standard_normal((MODES, CHANNELS))).astype(np.float32)


def inputs():
    return (init_filter(),)


def main(weights):
    mesh = jax.make_mesh((2, 4), ("data", "lat"))
    weights = jax.device_put(weights, NamedSharding(mesh, P(*SPECTRAL_AXES)))
    export = make_filter_export(mesh)
    return export(weights)


if __name__ == "__main__":
    main(*inputs())
