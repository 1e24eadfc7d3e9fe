"""An RL learner on an (actor, env) mesh with per-environment done flags: rewards and dones
vary over both axes, and both counts are summed over both."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ACTOR, ENV = "actor", "env"
STATS_AXES = (ACTOR, ENV)


def learner_stats(rewards, dones):
    total_return = jax.lax.psum(jnp.sum(rewards), STATS_AXES)
    total_episodes = jax.lax.psum(jnp.sum(dones.astype(jnp.float32)), STATS_AXES)
    return total_return / jnp.maximum(total_episodes, 1.0)


def inputs():
    rewards = np.arange(4 * 8, dtype=np.float32).reshape(4, 8) % 3
    dones = (np.arange(4 * 8).reshape(4, 8) % 3 == 0)
    return rewards, dones


def main(rewards, dones):
    mesh = jax.make_mesh((4, 2), (ACTOR, ENV))
    spec = P(ACTOR, ENV)
    rewards = jax.device_put(rewards, NamedSharding(mesh, spec))
    dones = jax.device_put(dones, NamedSharding(mesh, spec))
    f = jax.shard_map(learner_stats, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return f(rewards, dones)


if __name__ == "__main__":
    print(main(*inputs()))
