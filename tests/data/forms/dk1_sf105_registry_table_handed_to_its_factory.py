"""An experiment runner's observables filed by `@register(OBSERVABLES, "name")`: one decorator
factory is handed the table it files into, so no store names the table. The run picks each
observable by the names its config lists."""
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
    return {name: jax.lax.pmean(v, config["average_over"]) for name, v in values.items()}  # SF105


def main(mesh, x):
    body = functools.partial(experiment, config=CONFIG)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs={"total": P(), "mean": P()})(x)
