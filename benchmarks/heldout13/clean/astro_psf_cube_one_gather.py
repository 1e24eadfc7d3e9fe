"""PSF cube export: the per-tile PSF models are collected over exposures and tiles in one
reduced gather."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    exposure: str = "exposure"
    tile: str = "tile"


AXES = Axes()


def build(stamps):
    psf = jnp.mean(stamps, axis=1)
    psf = psf / jnp.sum(psf, axis=(-2, -1), keepdims=True)
    return jax.lax.all_gather(psf, tuple(AXES), axis=0, tiled=True, to="reduced")


def main(stamps, mesh):
    spec = P((AXES.exposure, AXES.tile))
    stamps = jax.device_put(stamps, NamedSharding(mesh, spec))
    fn = jax.shard_map(build, mesh=mesh, in_specs=spec, out_specs=P(None, reduced=set(AXES)))
    return fn(stamps)


def inputs():
    mesh = jax.make_mesh((2, 4), tuple(AXES))
    return jax.random.uniform(jax.random.key(51), (8, 5, 7, 7)), mesh
