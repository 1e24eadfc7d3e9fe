"""Replay table whose items are inserted row-sharded and laid out again for the learner."""
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
from jax._src.shard_map import top_level_all_gather

LAYOUTS = {
    "insert": lambda axes: P((axes.shard, axes.item), None),
    "learner": lambda axes: P(axes.shard, None),
}


class ReplayTable:
    def __init__(self, config, mesh, items):
        self.mesh = mesh
        self.axes = config["axes"]
        self.items = jax.device_put(items, NamedSharding(mesh, LAYOUTS["insert"](self.axes)))

    def insert(self, new_items, position):
        new_items = jax.device_put(new_items, self.items.sharding)
        self.items = jnp.where(jnp.arange(self.items.shape[0])[:, None] < position, new_items, self.items)

    def as_learner_batch(self):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(self.items, LAYOUTS["learner"](self.axes))


def inputs():
    rng = np.random.default_rng(23)
    return rng.normal(size=(64, 4)).astype(np.float32), rng.normal(size=(64, 4)).astype(np.float32)


def main(items, new_items):
    mesh = make_replay_mesh(REPLAY)
    table = ReplayTable(REPLAY, mesh, items)
    with jax.set_mesh(mesh):
        table.insert(new_items, 8)
    return table.as_learner_batch().shape


if __name__ == "__main__":
    print(main(*inputs()))
