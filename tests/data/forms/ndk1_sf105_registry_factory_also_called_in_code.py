"""The same runner, but code also calls the factory (`register(OBSERVABLES, "total")(fn)`): what
the table holds when the body runs is not plain to see, so no entry is judged."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

ENERGIES = {}
OBSERVABLES = {}


def register(table, name):
    def wrap(fn):
        table[name] = fn
        return fn

    return wrap


@register(ENERGIES, "quadratic")
def quadratic(x, axis):
    return jnp.sum(x * x)


@register(OBSERVABLES, "total")
def total(x, axis):
    return jax.lax.psum(jnp.sum(x), axis)


@register(OBSERVABLES, "mean")
def mean(x, axis):
    return jnp.mean(x)


CONFIG = {"observables": ["total", "mean"], "average_over": ("i", "j")}


def experiment(x, config):
    values = {name: OBSERVABLES[name](x, "j") for name in config["observables"]}
    return {name: jax.lax.pmean(v, config["average_over"]) for name, v in values.items()}


def main(mesh, x):
    register(OBSERVABLES, "total")(lambda x, axis: jnp.sum(x))
    body = functools.partial(experiment, config=CONFIG)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs={"total": P(), "mean": P()})(x)
