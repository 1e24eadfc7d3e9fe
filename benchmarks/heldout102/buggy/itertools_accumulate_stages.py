"""Pipeline of reduction stages: the axes reduced so far come from itertools.accumulate."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES = [("model",), ("data",)]


def body(grads):
    partial = grads
    for i, axes in enumerate(itertools.accumulate(STAGES)):
        if i == 0:
            partial = jax.lax.psum(partial, axes)
        else:
            partial = jax.lax.pmean(partial, axes)
    return partial


def inputs():
    return (np.random.default_rng(8).normal(size=(16, 8)).astype(np.float32),)


def main(grads):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return fn(jax.device_put(grads, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
