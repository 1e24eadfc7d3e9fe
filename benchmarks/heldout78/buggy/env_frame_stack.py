"""Frame-stacking wrapper and an episode recorder that keeps every host's stacked frames."""
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


class FrameStack(Wrapper):
    def __init__(self, env, stack_axis):
        super().__init__(env)
        self.stack_axis = stack_axis

    def stacked(self, frames):
        return jax.lax.all_gather(frames, self.stack_axis, axis=1, tiled=True, to="reduced")


class EpisodeRecorder(Wrapper):
    def __init__(self, env, record_axes):
        super().__init__(env)
        self.record_axes = record_axes

    def record(self, frames):
        stacked = self.stacked(frames)
        episode = jax.lax.all_gather(stacked, self.record_axes, axis=0, tiled=True, to="reduced")
        return stacked, episode


def inputs():
    return (np.arange(16 * 16, dtype=np.float32).reshape(16, 16),)


def main(frames):
    mesh = jax.make_mesh((2, 4), (HOSTS, ENVS))
    env = EpisodeRecorder(FrameStack(BatchedEnv(obs_dim=16), stack_axis=ENVS), record_axes=(HOSTS, ENVS))
    frames = jax.device_put(frames, NamedSharding(mesh, P(HOSTS, ENVS)))
    record = jax.shard_map(env.record, mesh=mesh, in_specs=P(HOSTS, ENVS),
                           out_specs=(P(HOSTS, None, reduced={ENVS}), P(None, None, reduced={HOSTS, ENVS})))
    stacked, episode = record(frames)
    return stacked.shape, episode.shape


if __name__ == "__main__":
    print(main(*inputs()))
