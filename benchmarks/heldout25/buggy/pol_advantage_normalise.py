"""PPO-style advantage normalisation for a robot-arm policy, returns summed over the horizon shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ENV, HORIZON = "env", "horizon"


def discounted_returns(rewards, gamma=0.99):
    discounts = gamma ** jnp.arange(rewards.shape[1], dtype=jnp.float32)
    return jax.lax.psum((rewards * discounts).sum(axis=1), HORIZON)


def normalise(adv, axes, reduce_fn=jax.lax.pmean):
    mu = reduce_fn(adv.mean(), axes)
    var = reduce_fn(((adv - mu) ** 2).mean(), axes)
    return (adv - mu) / jnp.sqrt(var + 1e-8)


def advantages(rewards, values):
    returns = discounted_returns(rewards)
    return normalise(returns - values, (ENV, HORIZON))


def inputs():
    rng = np.random.default_rng(32)
    return (rng.random((16, 32)).astype(np.float32), rng.normal(size=(16,)).astype(np.float32))


def main(rewards, values):
    mesh = jax.make_mesh((2, 4), (ENV, HORIZON))
    rewards = jax.device_put(rewards, NamedSharding(mesh, P(ENV, HORIZON)))
    values = jax.device_put(values, NamedSharding(mesh, P(ENV)))
    return jax.shard_map(advantages, mesh=mesh, in_specs=(P(ENV, HORIZON), P(ENV)),
                         out_specs=P(ENV))(rewards, values)


if __name__ == "__main__":
    print(main(*inputs()))
