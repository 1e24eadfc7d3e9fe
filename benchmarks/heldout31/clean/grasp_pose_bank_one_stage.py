"""Grasp pose bank: poses collected across candidate shards, then across scenes for replay."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def collect(poses, axes):
    return jax.lax.all_gather(poses, axes, axis=0, tiled=True, to="reduced")


PIPELINE = [
    ("normalise", lambda x: x / jnp.linalg.norm(x[..., :4], axis=-1, keepdims=True)),
    ("replay_bank", functools.partial(collect, axes=("grasp", "scene"))),
]


def build_bank(poses):
    for _, stage in PIPELINE:
        poses = stage(poses)
    return poses


def inputs():
    mesh = jax.make_mesh((2, 4), ("scene", "grasp"))
    poses = jnp.arange(1, 4 * 16 * 7 + 1, dtype=jnp.float32).reshape(4 * 16, 7)
    return mesh, jax.device_put(poses, NamedSharding(mesh, P(("scene", "grasp"), None)))


def main(mesh, poses):
    return jax.shard_map(build_bank, mesh=mesh, in_specs=P(("scene", "grasp"), None),
                         out_specs=P(None, None, reduced={"scene", "grasp"}))(poses)
