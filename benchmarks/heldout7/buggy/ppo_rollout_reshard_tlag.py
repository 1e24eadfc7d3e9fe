"""PPO rollout storage: trajectories resharded from the actor layout, then collected per environment."""
import enum

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Ax(str, enum.Enum):
    ACTOR = "actor"
    ENV = "env"


ROLLOUT = P(None, (Ax.ACTOR.value, Ax.ENV.value))
BY_ENV = P(None, Ax.ENV.value)


def inputs():
    rng = np.random.default_rng(25)
    return rng.normal(size=(5, 16)).astype(np.float32), rng.normal(size=(5, 16)).astype(np.float32)


def main(rewards, values):
    mesh = jax.make_mesh((2, 4), (Ax.ACTOR.value, Ax.ENV.value))
    with jax.set_mesh(mesh):
        rewards = jax.reshard(jax.device_put(rewards, NamedSharding(mesh, P())), ROLLOUT)
        values = jax.reshard(jax.device_put(values, NamedSharding(mesh, P())), ROLLOUT)
        returns = rewards + 0.99 * values
        per_env = top_level_all_gather(returns, P(None, Ax.ENV.value, reduced={Ax.ACTOR.value}))
    return per_env


if __name__ == "__main__":
    print(main(*inputs()))
