"""An actor-learner loop: actors collect rollouts sharded over the 'actors' axis and the learner
normalises the advantages with statistics over every actor."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--actor-axis", default="actors")
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--num-actors", type=int, default=8)
    return parser.parse_args(argv)


def discounted_returns(rewards, gamma):
    def step(carry, r):
        carry = r + gamma * carry
        return carry, carry
    _, rets = jax.lax.scan(step, rewards[0] * 0.0, rewards[::-1])
    return rets[::-1]


def make_learner(args):
    def learner(rewards, values):
        rets = discounted_returns(rewards, args.gamma)
        adv = rets - values
        n = jax.lax.psum(jnp.float32(adv.size), args.actor_axis)
        mean = jax.lax.psum(adv.sum(), args.actor_axis) / n
        adv_stats = jax.lax.all_gather(mean[None], args.actor_axis, to="reduced")
        return adv - mean, adv_stats
    return learner


def inputs():
    rewards = (np.arange(10 * 16, dtype=np.float32).reshape(10, 16) % 3) - 1.0
    values = np.full((10, 16), 0.5, np.float32)
    return rewards, values


def main(rewards, values):
    args = parse_args([])
    mesh = jax.make_mesh((args.num_actors,), (args.actor_axis,))
    spec = P(None, args.actor_axis)
    rewards = jax.device_put(rewards, NamedSharding(mesh, spec))
    values = jax.device_put(values, NamedSharding(mesh, spec))
    learner = jax.shard_map(make_learner(args), mesh=mesh, in_specs=(spec, spec),
                            out_specs=(spec, P(None, reduced={args.actor_axis})))
    return jax.jit(learner)(rewards, values)


if __name__ == "__main__":
    print(main(*inputs()))
