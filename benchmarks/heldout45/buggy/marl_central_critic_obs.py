"""Centralised critic (MAPPO): joint observation assembled from env- and agent-sharded blocks."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CriticAxes(NamedTuple):
    env: str = "env"
    agent: str = "agent"


class CentralCritic:
    def __init__(self, mesh, axes: CriticAxes = CriticAxes()):
        self.axes = axes
        self.critic_axes = (axes.agent, axes.env)
        spec = P(axes.env, axes.agent)
        self.joint_obs = jax.jit(jax.shard_map(self._joint_obs, mesh=mesh, in_specs=spec,
                                               out_specs=P(None, None, reduced={axes.agent, axes.env})))

    def _joint_obs(self, obs):
        per_env = jax.lax.all_gather(obs, self.axes.env, tiled=True, to="reduced")
        return jax.lax.all_gather(per_env, self.critic_axes, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(25)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(obs):
    axes = CriticAxes()
    mesh = jax.make_mesh((4, 2), (axes.agent, axes.env))
    obs = jax.device_put(obs, NamedSharding(mesh, P(axes.env, axes.agent)))
    critic = CentralCritic(mesh)
    return critic.joint_obs(obs)


if __name__ == "__main__":
    main(*inputs())
