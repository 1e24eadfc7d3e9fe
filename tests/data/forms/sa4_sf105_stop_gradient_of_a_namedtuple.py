"""A PPO-style learner computes its targets from `jax.lax.stop_gradient(net)`, a NamedTuple of
weights: JAX maps stop_gradient over the tree's leaves and rebuilds it (checked on jax 0.10.2),
so `frozen.torso` is the weight itself, in its state, and the step after it is followed: the
weight norm (a method body, its axes `mesh.axis_names` kept on the instance) is reduced over
both axes while the weight varies on one only."""
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"data": 2, "model": 4}
AXES = tuple(MESH_SHAPE)


class Networks(NamedTuple):
    torso: jax.Array
    v: jax.Array


class Learner:
    def __init__(self, mesh, net_specs, obs_spec):
        self.mesh, self.axes = mesh, mesh.axis_names
        self.step = jax.shard_map(self.learn, mesh=mesh, in_specs=(net_specs, obs_spec), out_specs=(P(), P(None, AXES[1])))

    def learn(self, net, obs):
        frozen = jax.lax.stop_gradient(net)
        target = jnp.tanh(obs @ frozen.torso) @ frozen.v
        norm = jax.lax.psum(jnp.sum(frozen.torso ** 2), self.axes)  # SF105
        return norm, target


def main():
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), AXES)
    rng = np.random.default_rng(0)
    net_specs = Networks(P(None, AXES[1]), P(AXES[1], None))
    obs_spec = P()
    net = Networks(rng.normal(size=(4, 8)).astype(np.float32), rng.normal(size=(8, 1)).astype(np.float32))
    net = Networks(*(jax.device_put(w, NamedSharding(mesh, s)) for w, s in zip(net, net_specs)))
    obs = jax.device_put(rng.normal(size=(8, 4)).astype(np.float32), NamedSharding(mesh, obs_spec))
    return Learner(mesh, net_specs, obs_spec).step(net, obs)

if __name__ == "__main__":
    main()
