"""GRPO experience: rewards of the whole group are gathered once and reduced for the logger."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Experience(NamedTuple):
    sequences: jax.Array
    rewards: jax.Array
    advantages: jax.Array


class ExperienceMaker:
    def __init__(self, group_axis="gen"):
        self.group_axis = group_axis

    def make(self, sequences, rewards):
        group = jax.lax.all_gather(rewards, self.group_axis, axis=1, tiled=True, to="reduced")
        return Experience(sequences, group, rewards)

    def group_max(self, exp: Experience):
        return jax.lax.pmax(exp.rewards.sum(axis=1), self.group_axis)

    def __call__(self, sequences, rewards):
        exp = self.make(sequences, rewards)
        return self.group_max(exp)


def inputs():
    mesh = jax.make_mesh((2, 4), ("prompt", "gen"))
    seqs = jax.device_put(jnp.zeros((4, 8, 5), jnp.int32), NamedSharding(mesh, P("prompt", "gen", None)))
    rewards = jax.device_put(jnp.arange(32.0).reshape(4, 8), NamedSharding(mesh, P("prompt", "gen")))
    return mesh, seqs, rewards


def main(mesh, seqs, rewards):
    maker = ExperienceMaker()
    fn = jax.shard_map(maker, mesh=mesh, in_specs=(P("prompt", "gen", None), P("prompt", "gen")),
                       out_specs=P("prompt"))
    return fn(seqs, rewards)


if __name__ == "__main__":
    main(*inputs())
