"""Grasp success rate over scenes and candidate shards, reported by an evaluator."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

METRIC_AXES = ("scene", "grasp")


def success(lift_height, threshold=0.05):
    return (lift_height > threshold).astype(jnp.float32).mean()


class Evaluator:
    def __init__(self, axes=METRIC_AXES):
        self.axes = axes

    def scene_rate(self, lift):
        return jax.lax.pmean(success(lift), self.axes[-1])

    def rate(self, lift):
        return jax.lax.pmean(success(lift), axis_name=self.axes)


def inputs():
    mesh = jax.make_mesh((2, 4), METRIC_AXES)
    lift = jnp.abs(jnp.sin(jnp.arange(4 * 16, dtype=jnp.float32))).reshape(4, 16) * 0.1
    return mesh, jax.device_put(lift, NamedSharding(mesh, P(*METRIC_AXES)))


def main(mesh, lift):
    ev = Evaluator()
    fn = functools.partial(jax.shard_map, mesh=mesh, in_specs=P(*METRIC_AXES), out_specs=P())
    return fn(ev.rate)(lift)
