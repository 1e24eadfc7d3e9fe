"""Exporting the reward head for the PPO trainer, which reads it replicated."""
import os

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "model"))
TRAIN_AXIS = os.environ.get("RM_TRAIN_AXIS", "model")


def train_head():
    w = jnp.linspace(-1.0, 1.0, 32, dtype=jnp.float32).reshape(8, 4)
    return jax.device_put(w, NamedSharding(MESH, P(TRAIN_AXIS, None)))


def export_for_ppo(w):
    return top_level_all_gather(w, P(None, None, reduced={TRAIN_AXIS}))


def inputs():
    return (train_head(),)


def main(w):
    with jax.set_mesh(MESH):
        exported = export_for_ppo(w)
    return exported
