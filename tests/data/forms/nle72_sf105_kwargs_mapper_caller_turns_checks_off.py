"""The caller of a kwargs decorator factory passes `check_vma=False`: no axis types are tracked,
so a psum over both axes of a value summed over one of them runs."""
import functools

import jax
from jax.sharding import PartitionSpec as P


def filter_shard_map(fn=None, **kw):
    if fn is None:
        return functools.partial(filter_shard_map, **kw)
    return jax.jit(jax.shard_map(fn, **kw))


def summed(e, axis):
    rows = jax.lax.psum(e, axis)
    return jax.lax.psum(rows, ("i", "j"))


def main(mesh, x):
    total = filter_shard_map(mesh=mesh, in_specs=P("i", "j"), out_specs=P(), check_vma=False)(
        functools.partial(summed, axis="j"))
    return total(x)
