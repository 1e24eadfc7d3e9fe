"""Cross-replica gradient averaging where every leaf is split over both mesh axes."""
import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REPLICA_AXES = ("data", "model")


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def average_across_replicas(axis_names=REPLICA_AXES):
    reduce = functools.partial(jax.lax.pmean, axis_name=axis_names)

    def update_fn(updates, state, params=None):
        return jax.tree.map(reduce, updates), state

    return GradientTransformation(lambda params: (), update_fn)


def inputs():
    rng = np.random.default_rng(101)
    return ({"dense": rng.normal(size=(8, 16)).astype(np.float32),
             "scale": rng.normal(size=(8, 16)).astype(np.float32)},)


def main(grads):
    mesh = jax.make_mesh((2, 4), REPLICA_AXES)
    specs = {"dense": P("data", "model"), "scale": P("data", "model")}
    grads = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), grads, specs)
    tx = average_across_replicas()

    def step(g):
        g, _ = tx.update(g, tx.init(g))
        return g

    return jax.shard_map(step, mesh=mesh, in_specs=(specs,), out_specs={"dense": P(), "scale": P()})(grads)


if __name__ == "__main__":
    main(*inputs())
