"""Action clipping wrapper for a policy whose action table is gathered across environments."""
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


class ClipAction(Wrapper):
    def __init__(self, env, low=-1.0, high=1.0, action_axis=ENVS):
        super().__init__(env)
        self.low, self.high = low, high
        self.action_axis = action_axis

    def joint_actions(self, actions):
        return jax.lax.all_gather(actions, self.action_axis, axis=1, tiled=True, to="reduced")

    def clipped(self, actions):
        return jnp.clip(self.joint_actions(actions), self.low, self.high)


def inputs():
    return (np.linspace(-2.0, 2.0, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(actions):
    mesh = jax.make_mesh((2, 4), (HOSTS, ENVS))
    env = ClipAction(BatchedEnv(obs_dim=8), low=-0.5, high=0.5)
    actions = jax.device_put(actions, NamedSharding(mesh, P(HOSTS, ENVS)))
    clipped = jax.shard_map(env.clipped, mesh=mesh, in_specs=P(HOSTS, ENVS), out_specs=P(HOSTS, None))(actions)
    return float(clipped.sum())


if __name__ == "__main__":
    print(main(*inputs()))
