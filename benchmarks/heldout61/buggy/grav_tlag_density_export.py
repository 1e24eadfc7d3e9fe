"""Exports the recovered density contrast model for a voxet writer on one host."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("east", "north")
MODEL_SPEC = P("east", "north", None)
VOXET_SPEC = P(None, "north", None, reduced={"east"})


@contextlib.contextmanager
def survey_mesh(shape=(4, 2)):
    mesh = jax.make_mesh(shape, AXES)
    with mesh:
        yield mesh


def recover(mesh, rng):
    rho = rng.normal(size=(8, 8, 6)).astype(np.float32) * 0.2
    return jax.device_put(rho, NamedSharding(mesh, MODEL_SPEC))


def export_voxet(rho, background=2670.0):
    absolute = rho + background
    return top_level_all_gather(absolute, VOXET_SPEC)


def inputs():
    return (np.random.default_rng(13),)


def main(rng):
    with survey_mesh() as mesh:
        rho = recover(mesh, rng)
        voxet = export_voxet(rho)
    return voxet


if __name__ == "__main__":
    main(*inputs())
