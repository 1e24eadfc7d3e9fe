"""Batched MCTS backup: leaf values of the expanded children bootstrapped up a fixed-depth path."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    batch: str
    action: str


class Backup:
    def __init__(self, axes: MeshAxes, discount=0.97):
        self.action_axis = axes.action
        self.discount = discount

    def __call__(self, leaf_values, path_rewards):
        children = jax.lax.all_gather(leaf_values, self.action_axis, axis=1, tiled=True, to="reduced")
        value = jax.lax.pmax(children.sum(axis=1), self.action_axis)
        for d in reversed(range(path_rewards.shape[1])):
            value = path_rewards[:, d] + self.discount * value
        return value


def inputs():
    rng = np.random.default_rng(29)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 5)).astype(np.float32)


def main(leaf_values, path_rewards):
    axes = MeshAxes(batch="batch", action="action")
    mesh = jax.make_mesh((4, 2), tuple(axes))
    leaf_values = jax.device_put(leaf_values, NamedSharding(mesh, P(axes.batch, axes.action)))
    path_rewards = jax.device_put(path_rewards, NamedSharding(mesh, P(axes.batch, None)))
    backup = jax.jit(jax.shard_map(Backup(axes), mesh=mesh,
                                   in_specs=(P(axes.batch, axes.action), P(axes.batch, None)),
                                   out_specs=P(axes.batch)))
    return backup(leaf_values, path_rewards)


if __name__ == "__main__":
    main(*inputs())
