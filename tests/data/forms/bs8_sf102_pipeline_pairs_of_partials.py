import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def collect(poses, axes):
    return jax.lax.all_gather(poses, axes, axis=0, tiled=True, to="reduced")  # SF102


PIPELINE = [
    ("normalise", lambda x: x / jnp.linalg.norm(x, axis=-1, keepdims=True)),
    ("per_row", functools.partial(collect, axes="j")),
    ("bank", functools.partial(collect, axes=("j", "i"))),
]


def build_bank(poses):
    for _, stage in PIPELINE:
        poses = stage(poses)
    return poses


def main(mesh, x):
    return jax.shard_map(build_bank, mesh=mesh, in_specs=P(("i", "j"), None),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
