"""Prioritized replay: importance-sampling weights for a sampled batch."""
import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ReplayAxes = collections.namedtuple("ReplayAxes", ["shard", "item"])

REPLAY = {
    "mesh_shape": (4, 2),
    "axes": ReplayAxes(shard="shards", item="items"),
    "capacity": 64,
    "n_step": 3,
    "discount": 0.99,
    "priority_exponent": 0.6,
    "importance_exponent": 0.4,
}


def make_replay_mesh(config):
    return jax.make_mesh(config["mesh_shape"], tuple(config["axes"]))


class ImportanceWeights:
    def __init__(self, config, mesh):
        self.axes = config["axes"]
        self.capacity = config["capacity"]
        self.beta = config["importance_exponent"]
        self.compute = jax.shard_map(
            self._weights, mesh=mesh, in_specs=P(*self.axes),
            out_specs=P(self.axes.shard, None, reduced={self.axes.item}))

    def probabilities(self, priorities):
        total = jax.lax.psum(jnp.sum(priorities, axis=1, keepdims=True), self.axes.item)
        return priorities / total

    def _weights(self, priorities):
        probs = self.probabilities(priorities)
        weights = (self.capacity * probs) ** (-self.beta)
        return jax.lax.all_gather(weights, self.axes.item, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(25)
    return (rng.uniform(0.1, 1.0, size=(16, 8)).astype(np.float32),)


def main(priorities):
    mesh = make_replay_mesh(REPLAY)
    weights = ImportanceWeights(REPLAY, mesh)
    priorities = jax.device_put(priorities, NamedSharding(mesh, P(*REPLAY["axes"])))
    return weights.compute(priorities).shape


if __name__ == "__main__":
    print(main(*inputs()))
