"""GRPO: group-relative advantages for sampled completions of each prompt."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RolloutAxes(NamedTuple):
    prompts: str
    samples: str


class Rollout(NamedTuple):
    rewards: jax.Array
    lengths: jax.Array


def group_stats(batch: Rollout, axes: RolloutAxes):
    group_size = jax.lax.psum(1.0, axes.samples)
    mean = jax.lax.psum(batch.rewards.sum(axis=1), axes.samples) / (group_size * batch.rewards.shape[1])
    baseline = jax.lax.all_gather(jax.lax.pcast(mean, axes.samples, to="varying"), axes.samples, to="reduced")
    return baseline


def inputs():
    rng = np.random.default_rng(301)
    return rng.binomial(1, 0.4, (8, 16)).astype(np.float32), rng.integers(20, 200, (8, 16)).astype(np.float32)


def main(rewards, lengths):
    axes = RolloutAxes("prompts", "samples")
    mesh = jax.make_mesh((2, 4), axes)
    batch = Rollout(rewards, lengths)
    specs = Rollout(P(axes.prompts, axes.samples), P(axes.prompts, axes.samples))
    batch = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), batch, specs)
    fn = jax.shard_map(lambda b: group_stats(b, axes), mesh=mesh, in_specs=(specs,),
                       out_specs=P(None, axes.prompts, reduced={axes.samples}))
    return fn(batch)


if __name__ == "__main__":
    print(main(*inputs()))
