"""SF102: the body is the lambda `functools.reduce(lambda f, g: lambda x: g(f(x)), fns)` leaves;
no text names it, the module computes it, and each of its `f`, `g` is one stage."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def compose(*fns):
    return functools.reduce(lambda f, g: lambda x: g(f(x)), fns)


def likelihood(v):
    return jnp.log1p(jnp.abs(v))


def gather_j(v):
    return jax.lax.all_gather(v, "j", axis=0, to="reduced")


def gather_both(v):
    return jax.lax.all_gather(v, ("i", "j"), axis=0, to="reduced")  # SF102


call = compose(likelihood, gather_j, gather_both)


def main(mesh, x):
    return jax.shard_map(call, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i", "j"}))(x)
