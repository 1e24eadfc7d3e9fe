"""A filter-style decorator factory hands its **kwargs to shard_map whole: the decorator's
keywords are shard_map's, and the decorated def is the body."""
import functools

import jax
from jax.sharding import PartitionSpec as P


def filter_shard_map(fn=None, **kw):
    if fn is None:
        return functools.partial(filter_shard_map, **kw)
    return jax.jit(jax.shard_map(fn, **kw))


def gathered(x, axis):
    return jax.lax.all_gather(x, axis, to="reduced", tiled=True)


def main(mesh, x):
    @filter_shard_map(mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))
    def worst(e):
        per_row = gathered(e, "i")
        return jax.lax.pmax(per_row, "i")  # SF103

    return worst(x)
