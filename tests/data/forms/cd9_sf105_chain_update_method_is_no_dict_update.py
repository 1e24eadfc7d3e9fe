import functools
from typing import Callable, NamedTuple

import jax
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


class Transformation(NamedTuple):
    init: Callable
    update: Callable


def average(axis_names=AXES):
    reduce = functools.partial(jax.lax.pmean, axis_name=axis_names)

    def update_fn(updates, state, params=None):
        return jax.tree.map(reduce, updates), state  # SF105

    return Transformation(lambda params: (), update_fn)


def decay(rate):
    def update_fn(updates, state, params=None):
        return jax.tree.map(lambda u, p: u + rate * p, updates, params), state

    return Transformation(lambda params: (), update_fn)


def main(mesh, x):
    specs = {"w": P("i", "j"), "b": P("i", None)}
    txs = [average(), decay(1e-4)]

    def step(p, g):
        for tx in txs:
            g, _ = tx.update(g, tx.init(p), p)
        return g

    params = {"w": x, "b": x}
    return jax.shard_map(step, mesh=mesh, in_specs=(specs, specs), out_specs=specs)(params, params)
