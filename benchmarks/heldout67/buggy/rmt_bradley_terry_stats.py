"""Reward-model training: Bradley-Terry loss with the chosen-minus-rejected margin logged per step."""
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class StepStats(NamedTuple):
    loss: jax.Array
    margin: jax.Array


@dataclasses.dataclass(frozen=True)
class RewardTrainingArgs:
    data_axis: str = "data"
    center_rewards_coefficient: float = 0.01


def bradley_terry(chosen, rejected, args):
    margin = jax.lax.psum((chosen - rejected).sum(axis=0), args.data_axis)
    loss = -jax.nn.log_sigmoid(chosen - rejected).mean(axis=0)
    return StepStats(jax.lax.pmean(loss, args.data_axis), margin)


class RewardTrainer:
    def __init__(self, args):
        self.args = args

    def step(self, chosen, rejected):
        stats = bradley_terry(chosen, rejected, self.args)
        margin = jax.lax.all_gather(stats.margin, self.args.data_axis, tiled=True, to="reduced")
        return stats.loss, margin


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    s = NamedSharding(mesh, P("data", "fsdp"))
    k1, k2 = jax.random.split(jax.random.key(8))
    return mesh, jax.device_put(jax.random.normal(k1, (8, 4)), s), jax.device_put(jax.random.normal(k2, (8, 4)), s)


def main(mesh, chosen, rejected):
    trainer = RewardTrainer(RewardTrainingArgs())
    fn = jax.shard_map(trainer.step, mesh=mesh, in_specs=(P("data", "fsdp"),) * 2,
                       out_specs=(P("fsdp"), P("fsdp", reduced={"data"})))
    return fn(chosen, rejected)


if __name__ == "__main__":
    main(*inputs())
