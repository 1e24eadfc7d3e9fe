"""Cumulative regret of a contextual-bandit policy evaluated on logged rounds."""
import abc

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Policy(abc.ABC):
    round_axis = "rounds"
    arm_axis = "arms"

    @abc.abstractmethod
    def scores(self, contexts, theta):
        ...

    def regret(self, contexts, theta, best_reward):
        chosen = jax.lax.pmax(jnp.max(self.scores(contexts, theta), axis=-1), self.arm_axis)
        per_round = best_reward - chosen
        return jax.lax.psum(jnp.sum(per_round), self.round_axis)

    def report(self, contexts, theta, best_reward):
        total = self.regret(contexts, theta, best_reward)
        return jax.lax.all_gather(total, self.round_axis, to="reduced")


class Greedy(Policy):
    def scores(self, contexts, theta):
        return contexts @ theta


def inputs():
    rng = np.random.default_rng(71)
    contexts = rng.standard_normal((32, 8)).astype(np.float32)
    theta = rng.standard_normal((8, 16)).astype(np.float32)
    best = (contexts @ theta).max(axis=1) + 0.1
    return contexts, theta, best.astype(np.float32)


def main(contexts, theta, best_reward):
    policy = Greedy()
    mesh = jax.make_mesh((4, 2), (Policy.round_axis, Policy.arm_axis))
    contexts = jax.device_put(contexts, NamedSharding(mesh, P(Policy.round_axis, None)))
    theta = jax.device_put(theta, NamedSharding(mesh, P(None, Policy.arm_axis)))
    best_reward = jax.device_put(best_reward, NamedSharding(mesh, P(Policy.round_axis)))
    fn = jax.shard_map(policy.report, mesh=mesh,
                       in_specs=(P(Policy.round_axis, None), P(None, Policy.arm_axis), P(Policy.round_axis)),
                       out_specs=P(None, reduced={Policy.round_axis}))
    return fn(contexts, theta, best_reward)


if __name__ == "__main__":
    print(main(*inputs()))
