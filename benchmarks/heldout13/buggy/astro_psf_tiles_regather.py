"""PSF homogenisation: each tile's PSF model is shared, then the whole PSF cube is exported."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    exposure: str = "exposure"
    tile: str = "tile"


AXES = Axes()


def psf_model(stamps):
    # normalised mean star stamp of the tile
    psf = jnp.mean(stamps, axis=1)
    return psf / jnp.sum(psf, axis=(-2, -1), keepdims=True)


def build(stamps):
    psf = psf_model(stamps)
    per_exposure = jax.lax.all_gather(psf, AXES.tile, axis=0, tiled=True, to="reduced")
    cube = jax.lax.all_gather(per_exposure, tuple(AXES), axis=0, tiled=True, to="reduced")
    return cube


def main(stamps, mesh):
    spec = P(AXES.exposure, AXES.tile)
    stamps = jax.device_put(stamps, NamedSharding(mesh, P((AXES.exposure, AXES.tile))))
    fn = jax.shard_map(build, mesh=mesh, in_specs=P((AXES.exposure, AXES.tile)),
                       out_specs=P(None, reduced=set(AXES)))
    del spec
    return fn(stamps)


def inputs():
    mesh = jax.make_mesh((2, 4), tuple(AXES))
    return jax.random.uniform(jax.random.key(1), (8, 5, 7, 7)), mesh
