"""Astronomy image stacking: subtract a sky level shared by all tiles, then coadd exposures.

Exposures are sharded over `exposure`, each CCD image split into tiles over `tile`.
"""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class StackConfig:
    exposure_axis: str = "exposure"
    tile_axis: str = "tile"
    clip: float = 3.0


def sky_level(tile, cfg):
    # sum of per-tile medians; each exposure gets one sky value
    return jax.lax.psum(jnp.median(tile, axis=(-2, -1), keepdims=True), cfg.tile_axis)


def stack_tiles(tile, cfg=StackConfig()):
    sky = sky_level(tile, cfg)
    sky_map = jax.lax.all_gather(sky, cfg.tile_axis, axis=1, tiled=True, to="reduced")
    return tile - jnp.mean(tile), sky_map


def main(images, mesh):
    cfg = StackConfig()
    spec = P(cfg.exposure_axis, cfg.tile_axis)
    images = jax.device_put(images, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda t: stack_tiles(t, cfg), mesh=mesh, in_specs=spec,
                       out_specs=(spec, P(cfg.exposure_axis, None, reduced={cfg.tile_axis})))
    return fn(images)


def inputs():
    mesh = jax.make_mesh((2, 4), ("exposure", "tile"))
    images = jax.random.normal(jax.random.key(0), (4, 16, 8)) + 10.0
    return images, mesh
