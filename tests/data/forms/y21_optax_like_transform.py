from typing import Callable, NamedTuple

import jax
from jax.sharding import PartitionSpec as P


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def cross_replica_mean(axis_name):
    def init_fn(params):
        return ()

    def update_fn(updates, state, params=None):
        return jax.lax.pmean(updates, axis_name), state  # SF105

    return GradientTransformation(init_fn, update_fn)


def body(g):
    g = jax.lax.psum(g, "j")
    tx = cross_replica_mean(("i", "j"))
    updates, _ = tx.update(g, tx.init(g))
    return updates


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
