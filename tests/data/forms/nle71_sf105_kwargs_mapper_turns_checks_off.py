"""A decorator factory that turns the checks off before handing its keywords to shard_map: no
axis types are tracked, so a psum over both axes of a value summed over one of them runs."""
import functools

import jax
from jax.sharding import PartitionSpec as P


def filter_shard_map(fn=None, **kw):
    if fn is None:
        return functools.partial(filter_shard_map, **kw)
    kw.setdefault("check_vma", False)
    return jax.jit(jax.shard_map(fn, **kw))


def main(mesh, x):
    @filter_shard_map(mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    def total(e):
        rows = jax.lax.psum(e, "j")
        return jax.lax.psum(rows, ("i", "j"))

    return total(x)
