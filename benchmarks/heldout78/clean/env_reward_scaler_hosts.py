"""Reward scaling wrapper: rewards divided by the largest magnitude seen across environments."""
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


class EpisodeRewards(Wrapper):
    def __init__(self, env, axis):
        super().__init__(env)
        self.axis = axis

    def rewards(self, obs, action):
        _, reward = self.env.step(obs, action)
        return jax.lax.all_gather(reward, self.axis, axis=0, tiled=True, to="reduced")


class ScaleReward(Wrapper):
    def __init__(self, env, scale_axis):
        super().__init__(env)
        self.scale_axis = scale_axis

    def max_reward(self, obs, action):
        reward = self.env.rewards(obs, action)
        return jax.lax.pmax(jnp.abs(reward), self.scale_axis)


def inputs():
    obs = np.asarray(jax.random.normal(jax.random.key(1), (16, 8)), np.float32)
    return obs, np.linspace(-1.0, 1.0, 16, dtype=np.float32)


def main(obs, action):
    mesh = jax.make_mesh((2, 4), (HOSTS, ENVS))
    env = ScaleReward(EpisodeRewards(BatchedEnv(obs_dim=8), axis=ENVS), scale_axis=HOSTS)
    spec = P((HOSTS, ENVS))
    obs, action = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (obs, action))
    scale = jax.shard_map(env.max_reward, mesh=mesh, in_specs=(spec, spec), out_specs=P(None, reduced={ENVS}))(obs, action)
    return scale.shape


if __name__ == "__main__":
    print(main(*inputs()))
