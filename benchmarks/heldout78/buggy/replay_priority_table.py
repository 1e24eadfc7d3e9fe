"""Prioritized replay table: sum-tree mass per shard, published for the samplers."""
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

REDUCERS = {"sum": jax.lax.psum, "max": jax.lax.pmax}


class PrioritizedTable:
    def __init__(self, config, mesh, reducer="sum"):
        self.axes = config["axes"]
        self.exponent = config["priority_exponent"]
        self._reduce = functools.partial(REDUCERS[reducer], axis_name=self.axes.item)
        spec = P(self.axes.shard, self.axes.item)
        self.update = jax.shard_map(
            self._update, mesh=mesh, in_specs=spec,
            out_specs=(spec, P(self.axes.shard, None, reduced={self.axes.item})))

    def _publish(self, mass):
        return jax.lax.all_gather(mass, self.axes.item, axis=1, tiled=True, to="reduced")

    def _update(self, td_errors):
        priorities = (jnp.abs(td_errors) + 1e-6) ** self.exponent
        mass = self._reduce(priorities.sum(axis=1, keepdims=True))
        return priorities / mass, self._publish(mass)


def inputs():
    rng = np.random.default_rng(20)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(td_errors):
    mesh = make_replay_mesh(REPLAY)
    table = PrioritizedTable(REPLAY, mesh)
    td_errors = jax.device_put(td_errors, NamedSharding(mesh, P(*REPLAY["axes"])))
    probs, mass = table.update(td_errors)
    return float(probs.sum()), mass.shape


if __name__ == "__main__":
    print(main(*inputs()))
