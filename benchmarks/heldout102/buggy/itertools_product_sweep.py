"""Sweep of (data, model) mesh layouts from itertools.product; each candidate checks a gathered norm."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_AXES = ("data",)
FEATURE_AXES = ("model",)


def make_body(batch_axis, feature_axis):
    def body(x):
        sq = jax.lax.psum(jnp.sum(x * x, axis=1, keepdims=True), feature_axis)
        return jax.lax.all_gather(sq, feature_axis, axis=1, tiled=True, to="reduced")
    return body


def inputs():
    return (np.random.default_rng(5).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    results = {}
    for batch_axis, feature_axis in itertools.product(BATCH_AXES, FEATURE_AXES):
        spec = P(batch_axis, feature_axis)
        fn = jax.shard_map(make_body(batch_axis, feature_axis), mesh=mesh, in_specs=spec,
                           out_specs=P(batch_axis, None, reduced={feature_axis}))
        results[batch_axis, feature_axis] = fn(jax.device_put(x, NamedSharding(mesh, spec)))
    return results


if __name__ == "__main__":
    main(*inputs())
