"""Sweep of layouts from itertools.product; the summed norm is gathered to='invarying'."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_body(feature_axis):
    def body(x):
        sq = jax.lax.psum(jnp.sum(x * x, axis=1, keepdims=True), feature_axis)
        return jax.lax.all_gather(sq, feature_axis, axis=1, tiled=True, to="invarying")
    return body


def inputs():
    return (np.random.default_rng(101).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    results = {}
    for batch_axis, feature_axis in itertools.product(("data",), ("model",)):
        spec = P(batch_axis, feature_axis)
        fn = jax.shard_map(make_body(feature_axis), mesh=mesh, in_specs=spec, out_specs=P(batch_axis, None))
        results[batch_axis, feature_axis] = fn(jax.device_put(x, NamedSharding(mesh, spec)))
    return results


if __name__ == "__main__":
    main(*inputs())
