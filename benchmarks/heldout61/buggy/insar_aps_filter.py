"""Atmospheric phase screen: spatially low-passed, temporally high-passed residual phase."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCENE_AXES = ("date", "tile")


def spatial_lowpass(phase, width=3):
    kernel = jnp.ones(width) / width
    return jax.vmap(lambda row: jnp.convolve(row, kernel, mode="same"))(phase)


def aps(residual, *, axes=SCENE_AXES):
    date, tile = axes
    low = spatial_lowpass(residual)
    temporal_mean = jax.lax.pmean(low, date)
    screen = low - temporal_mean
    trend_power = jax.lax.psum_scatter(temporal_mean * temporal_mean, axes, scatter_dimension=1, tiled=True)
    return screen, trend_power


def inputs():
    rng = np.random.default_rng(64)
    return (rng.normal(size=(8, 64)).astype(np.float32),)


def main(residual):
    mesh = jax.make_mesh((4, 2), SCENE_AXES)
    residual = jax.device_put(residual, NamedSharding(mesh, P("date", "tile")))
    fn = jax.shard_map(aps, mesh=mesh, in_specs=P("date", "tile"),
                       out_specs=(P("date", "tile"), P(None, ("date", "tile"))))
    return fn(residual)


if __name__ == "__main__":
    main(*inputs())
