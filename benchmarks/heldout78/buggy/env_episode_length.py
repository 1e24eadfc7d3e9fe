"""Environment loop statistics: episode lengths summed over hosts, then over the whole fleet."""
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


def host_total(x, axis_name=HOSTS):
    return jax.lax.psum(x, axis_name)


class EpisodeStatistics(Wrapper):
    def __init__(self, env, fleet_axes=(HOSTS, ENVS)):
        super().__init__(env)
        self.fleet_axes = fleet_axes

    def rollout(self, obs, actions):
        def one_step(obs, action):
            obs, reward = self.env.step(obs, action)
            return obs, reward
        _, rewards = jax.lax.scan(one_step, obs, actions)
        return rewards

    def statistics(self, obs, actions):
        rewards = self.rollout(obs, actions)
        lengths = host_total(jnp.sum(rewards > -1.0, axis=0).astype(jnp.float32))
        return jax.lax.psum(jnp.sum(lengths), axis_name=self.fleet_axes)


def inputs():
    obs = np.asarray(jax.random.normal(jax.random.key(3), (16, 8)), np.float32)
    return obs, np.linspace(-1.0, 1.0, 5 * 16, dtype=np.float32).reshape(5, 16)


def main(obs, actions):
    mesh = jax.make_mesh((2, 4), (HOSTS, ENVS))
    env = EpisodeStatistics(BatchedEnv(obs_dim=8))
    obs = jax.device_put(obs, NamedSharding(mesh, P((HOSTS, ENVS))))
    actions = jax.device_put(actions, NamedSharding(mesh, P(None, (HOSTS, ENVS))))
    stats = jax.shard_map(env.statistics, mesh=mesh, in_specs=(P((HOSTS, ENVS)), P(None, (HOSTS, ENVS))),
                          out_specs=P())(obs, actions)
    return float(stats)


if __name__ == "__main__":
    print(main(*inputs()))
