"""An RL learner on an (actor, env) mesh: every actor runs several environments. Episode counts
come from done flags that are the same on every env shard of an actor (per-actor resets)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ACTOR, ENV = "actor", "env"
STATS_AXES = (ACTOR, ENV)


def learner_stats(rewards, dones):
    episode_return = jnp.sum(rewards)
    n_episodes = jnp.sum(dones.astype(jnp.float32))
    total_return = jax.lax.psum(episode_return, STATS_AXES)
    total_episodes = jax.lax.psum(n_episodes, STATS_AXES)
    return total_return / jnp.maximum(total_episodes, 1.0)


def inputs():
    rewards = np.arange(4 * 8, dtype=np.float32).reshape(4, 8) % 3
    dones = (np.arange(4) % 2 == 0)
    return rewards, dones


def main(rewards, dones):
    mesh = jax.make_mesh((4, 2), (ACTOR, ENV))
    rewards = jax.device_put(rewards, NamedSharding(mesh, P(ACTOR, ENV)))
    dones = jax.device_put(dones, NamedSharding(mesh, P(ACTOR)))
    f = jax.shard_map(learner_stats, mesh=mesh, in_specs=(P(ACTOR, ENV), P(ACTOR)), out_specs=P())
    return f(rewards, dones)


if __name__ == "__main__":
    print(main(*inputs()))
