"""Reward-model evaluation: accuracy on held-out preference pairs, summed over every device."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class EvalArgs:
    axes: list = dataclasses.field(default_factory=lambda: ["data", "fsdp"])


class RewardEvaluator:
    def __init__(self, args):
        self.args = args

    def rewards(self, hidden, head):
        return jax.lax.psum(hidden @ head, self.args.axes[-1])

    def __call__(self, chosen_h, rejected_h, head):
        correct = (self.rewards(chosen_h, head) > self.rewards(rejected_h, head)).astype(jnp.float32)
        return jax.lax.psum(correct.sum(), tuple(self.args.axes))


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    k1, k2, k3 = jax.random.split(jax.random.key(9), 3)
    h = NamedSharding(mesh, P("data", "fsdp"))
    return (mesh, jax.device_put(jax.random.normal(k1, (8, 16)), h),
            jax.device_put(jax.random.normal(k2, (8, 16)), h),
            jax.device_put(jax.random.normal(k3, (16,)), NamedSharding(mesh, P("fsdp"))))


def main(mesh, chosen_h, rejected_h, head):
    fn = jax.shard_map(RewardEvaluator(EvalArgs()), mesh=mesh,
                       in_specs=(P("data", "fsdp"), P("data", "fsdp"), P("fsdp")), out_specs=P())
    return fn(chosen_h, rejected_h, head)


if __name__ == "__main__":
    main(*inputs())
