"""Silent: the stages list is changed in place before it is composed (`STAGES[1] = gather_i`), so
which stages the composed lambda runs is not read from its text."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def compose(fns):
    return functools.reduce(lambda f, g: lambda x: g(f(x)), fns)


def gather_j(v):
    return jax.lax.all_gather(v, "j", axis=0, to="reduced")


def gather_i(v):
    return jax.lax.all_gather(v, "i", axis=0, to="reduced")


def gather_both(v):
    return jax.lax.all_gather(v, ("i", "j"), axis=0, to="reduced")  # none


STAGES = [gather_j, gather_both]
STAGES[1] = gather_i
call = compose(STAGES)


def main(mesh, x):
    return jax.shard_map(call, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i", "j"}))(x)
