"""The kwargs decorator factory called on a body, curried (`f(mesh=...)(body)`) and direct
(`f(body, mesh=...)`): each call's keywords are shard_map's."""
import functools

import jax
from jax.sharding import PartitionSpec as P


def filter_shard_map(fn=None, **kw):
    """shard_map under jit, usable as a decorator with keywords."""
    if fn is None:
        return functools.partial(filter_shard_map, **kw)
    return jax.jit(jax.shard_map(fn, **kw))


def summed(x, axis):
    total = jax.lax.psum(x, axis)
    return jax.lax.all_gather(total, axis, tiled=True, to="reduced")  # SF101


def maxed(x):
    top = jax.lax.pmax(x, "i")
    return jax.lax.all_gather(top, "i", tiled=True, to="reduced")  # SF101


def main(mesh, x):
    first = filter_shard_map(mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(
        functools.partial(summed, axis="j"))
    second = filter_shard_map(maxed, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))
    return first(x), second(x)
