"""Silent: `compose` is called twice with other stages; which stages the mapped pipeline runs is
not one value for `*fns`, so nothing is read (the mapped one is valid, the other is never run)."""
import functools

import jax
from jax.sharding import PartitionSpec as P


def compose(*fns):
    return lambda x: functools.reduce(lambda acc, f: f(acc), fns, x)


def gather_j(v):
    return jax.lax.all_gather(v, "j", axis=0, tiled=True, to="reduced")


def gather_i(v):
    return jax.lax.all_gather(v, "i", axis=0, tiled=True, to="reduced")


def gather_both(v):
    return jax.lax.all_gather(v, ("i", "j"), axis=0, tiled=True, to="reduced")  # none


def main(mesh, x):
    unused = compose(gather_j, gather_both)
    body = compose(gather_j, gather_i)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
