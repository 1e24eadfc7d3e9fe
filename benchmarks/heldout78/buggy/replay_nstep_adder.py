"""N-step transition adder writing stacked steps into a sharded replay table."""
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


def stack_steps(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


class NStepTransitionAdder:
    def __init__(self, config, mesh):
        self.n_step = config["n_step"]
        self.discount = config["discount"]
        self.item_axis = config["axes"].item
        self.write_axes = tuple(mesh.axis_names)
        spec = P(*mesh.axis_names)
        self.add = jax.shard_map(
            self._add, mesh=mesh, in_specs=spec,
            out_specs=(P(config["axes"].shard, None, reduced={self.item_axis}),
                       P(None, None, reduced=set(self.write_axes))))

    def _add(self, rewards):
        window = stack_steps(rewards, self.item_axis, dim=1)
        written = [stack_steps(window, self.write_axes)]
        return window, written[0]


def inputs():
    rng = np.random.default_rng(21)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(rewards):
    mesh = make_replay_mesh(REPLAY)
    adder = NStepTransitionAdder(REPLAY, mesh)
    rewards = jax.device_put(rewards, NamedSharding(mesh, P(*mesh.axis_names)))
    window, written = adder.add(rewards)
    return window.shape, written.shape


if __name__ == "__main__":
    print(main(*inputs()))
