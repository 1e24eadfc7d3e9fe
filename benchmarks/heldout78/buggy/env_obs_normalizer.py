"""Observation normalisation wrapper with running statistics shared across environments."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HOSTS, ENVS = "hosts", "envs"


class BatchedEnv:
    """A vectorised toy environment: observations drift towards the action."""

    def __init__(self, obs_dim):
        self.obs_dim = obs_dim

    def reset(self, key, num_envs):
        return jax.random.normal(key, (num_envs, self.obs_dim))

    def step(self, obs, action):
        next_obs = 0.9 * obs + 0.1 * action[:, None]
        reward = -jnp.sum(next_obs ** 2, axis=-1)
        return next_obs, reward


class Wrapper:
    def __init__(self, env):
        self.env = env

    def __getattr__(self, name):
        return getattr(self.env, name)


class NormalizeObservation(Wrapper):
    def __init__(self, env, sync_axis, epsilon=1e-8):
        super().__init__(env)
        self.sync_axis = sync_axis
        self.epsilon = epsilon

    def statistics(self, obs):
        count = jax.lax.psum(obs.shape[0], self.sync_axis)
        mean = jax.lax.psum(obs.sum(axis=0), self.sync_axis) / count
        var = jax.lax.psum(((obs - mean) ** 2).sum(axis=0), self.sync_axis) / count
        return mean, var

    def step(self, obs, action):
        next_obs, reward = self.env.step(obs, action)
        mean, var = self.statistics(next_obs)
        logged = jax.lax.all_gather(mean[None], self.sync_axis, axis=0, tiled=True, to="reduced")
        return (next_obs - mean) / jnp.sqrt(var + self.epsilon), reward, logged


def inputs():
    obs = np.asarray(jax.random.normal(jax.random.key(0), (16, 8)), np.float32)
    return obs, np.linspace(-1.0, 1.0, 16, dtype=np.float32)


def main(obs, action):
    mesh = jax.make_mesh((2, 4), (HOSTS, ENVS))
    env = NormalizeObservation(BatchedEnv(obs_dim=8), sync_axis=ENVS)
    obs = jax.device_put(obs, NamedSharding(mesh, P((HOSTS, ENVS))))
    action = jax.device_put(action, NamedSharding(mesh, P((HOSTS, ENVS))))
    step = jax.shard_map(env.step, mesh=mesh, in_specs=(P((HOSTS, ENVS)), P((HOSTS, ENVS))),
                         out_specs=(P((HOSTS, ENVS)), P((HOSTS, ENVS)), P(HOSTS, None, reduced={ENVS})))
    next_obs, reward, logged = step(obs, action)
    return float(reward.sum()), logged.shape


if __name__ == "__main__":
    print(main(*inputs()))
