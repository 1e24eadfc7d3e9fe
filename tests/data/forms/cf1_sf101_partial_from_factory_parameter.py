"""A body made by a module factory that returns `functools.partial(f, axis=axis)` of its own
parameter: the axis is what the factory's one call passes, and a gather to reduced of a psum
result fails."""
import functools

import jax
from jax.sharding import PartitionSpec as P


def average(x, *, axis, weight):
    total = jax.lax.psum(weight * x, axis)
    return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # SF101


def make_aggregator(axis, count):
    return functools.partial(average, axis=axis, weight=1.0 / count)


def main(mesh, x):
    agg = make_aggregator("i", 2)
    out = P(None, "j", reduced={"i"})
    return jax.shard_map(agg, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x)
