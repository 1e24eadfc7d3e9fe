"""The body is the lambda a call of the function around shard_map makes (`eval_fn =
compose(jnp.tanh, compose(gather_j, gather_both))`, a local bound once and read once), whose
stages `functools.reduce` runs in turn: the second gather meets the first one's reduced value."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def compose(*fns):
    return lambda x: functools.reduce(lambda acc, f: f(acc), fns, x)


def gather_j(v):
    return jax.lax.all_gather(v, "j", axis=0, tiled=True, to="reduced")


def gather_both(v):
    return jax.lax.all_gather(v, ("i", "j"), axis=0, tiled=True, to="reduced")  # SF102


def main(mesh, x):
    eval_fn = compose(jnp.tanh, compose(gather_j, gather_both))
    return jax.shard_map(eval_fn, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
