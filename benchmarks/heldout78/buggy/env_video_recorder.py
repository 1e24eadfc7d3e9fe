"""Environment loop with an observer that records evaluation frames on the host layout."""
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
from jax._src.shard_map import top_level_all_gather

OBSERVERS = {}


def observer(name):
    def register(cls):
        OBSERVERS[name] = cls
        return cls
    return register


@observer("video")
class VideoObserver:
    def __init__(self, layout="hosts"):
        self.layout = layout
        self.frames = []

    def spec(self):
        axes = self.layout.split(",")
        return P(axes[-1], None, reduced=set(axes[:-1]))

    def observe(self, obs):
        self.frames.append(top_level_all_gather(obs, self.spec()))


class EnvironmentLoop:
    def __init__(self, env, mesh, observers):
        self.env = env
        self.mesh = mesh
        self.observers = observers

    def run_episode(self, obs, actions):
        total = 0.0
        with jax.set_mesh(self.mesh):
            for action in actions:
                obs, reward = self.env.step(obs, jax.device_put(action, NamedSharding(self.mesh, P((HOSTS, ENVS)))))
                total += float(reward.sum())
                for obs_fn in self.observers:
                    obs_fn.observe(obs)
        return total


def inputs():
    obs = np.asarray(jax.random.normal(jax.random.key(2), (16, 8)), np.float32)
    return obs, np.linspace(-1.0, 1.0, 3 * 16, dtype=np.float32).reshape(3, 16)


def main(obs, actions):
    mesh = jax.make_mesh((2, 4), (HOSTS, ENVS))
    obs = jax.device_put(obs, NamedSharding(mesh, P((HOSTS, ENVS), None)))
    observers = [OBSERVERS["video"](layout=f"{HOSTS},{ENVS}")]
    loop = EnvironmentLoop(BatchedEnv(obs_dim=8), mesh, observers)
    total = loop.run_episode(obs, actions)
    return total, len(observers[0].frames)


if __name__ == "__main__":
    print(main(*inputs()))
