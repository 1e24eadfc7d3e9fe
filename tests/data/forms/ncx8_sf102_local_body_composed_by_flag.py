"""The same composition, whose stages depend on a parameter (`full`): which lambda the local
holds is not one value, so the body is unknown; called as it is, only the gather over 'j' runs."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def compose(*fns):
    return lambda x: functools.reduce(lambda acc, f: f(acc), fns, x)


def gather_j(v):
    return jax.lax.all_gather(v, "j", axis=0, tiled=True, to="reduced")


def gather_both(v):
    return jax.lax.all_gather(v, ("i", "j"), axis=0, tiled=True, to="reduced")


def main(mesh, x, full=False):
    eval_fn = compose(jnp.tanh, compose(gather_j, gather_both) if full else gather_j)
    return jax.shard_map(eval_fn, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, "i", reduced={"j"}))(x)
