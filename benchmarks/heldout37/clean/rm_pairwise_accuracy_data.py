"""Pairwise preference accuracy, logged every eval step of the reward-model trainer."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "model"))


class RMTrainer:
    def __init__(self, mesh):
        self.axes = mesh.axis_names

    @partial(jax.named_call, name="pairwise_accuracy")
    def accuracy(self, r_chosen, r_rejected):
        correct = (r_chosen > r_rejected).astype(jnp.float32).mean(axis=0)
        correct = jax.lax.pmean(correct, self.axes[1])
        return jax.lax.pmean(correct, self.axes[0])


def inputs():
    k1, k2 = jax.random.split(jax.random.key(12))
    sh = NamedSharding(MESH, P("data", "model"))
    return jax.device_put(jax.random.normal(k1, (8, 8)), sh), jax.device_put(jax.random.normal(k2, (8, 8)), sh)


def main(r_chosen, r_rejected):
    t = RMTrainer(MESH)
    return jax.shard_map(t.accuracy, mesh=MESH, in_specs=(P("data", "model"),) * 2, out_specs=P())(r_chosen, r_rejected)
