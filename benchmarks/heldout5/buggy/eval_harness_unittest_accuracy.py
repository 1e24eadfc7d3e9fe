"""An evaluation harness written as unittest cases; main() runs the cases in a loop."""
import unittest

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def accuracy_per_host(logits, labels, axis):
    correct = jnp.sum(jnp.argmax(logits, -1) == labels).astype(jnp.float32)
    count = jnp.asarray(labels.shape[0], jnp.float32)
    correct = jax.lax.psum(correct, axis)
    count = jax.lax.psum(count, axis)
    table = jax.lax.all_gather(jnp.stack([correct, count]), axis, to="reduced")
    return table


class ShardedEvalTest(unittest.TestCase):
    CASES = (("eval_axis", "hosts"),)

    def setUp(self):
        self.mesh = jax.make_mesh((8,), ("hosts",))

    def run_case(self, axis):
        logits = jax.random.normal(jax.random.key(7), (32, 5))
        labels = jnp.arange(32) % 5
        s = NamedSharding(self.mesh, P(axis))
        f = jax.shard_map(lambda l, y: accuracy_per_host(l, y, axis), mesh=self.mesh,
                          in_specs=(P(axis), P(axis)), out_specs=P(reduced={axis}))
        return f(jax.device_put(logits, s), jax.device_put(labels, s))


def inputs():
    return (ShardedEvalTest.CASES,)


def main(cases):
    case = ShardedEvalTest("run_case")
    case.setUp()
    return [case.run_case(axis) for _, axis in cases]
