"""Ops a decorator files by name (`OPS[name] = fn`), looked up from a list of step dicts, bound by
`partial(**kwargs)` and folded by `functools.reduce`: the registry is the module's only changed
table and holds none of the steps' dicts, so the list is as written. The second gather meets the
value the first one reduced over 'i'."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

OPS = {}


def register_op(name):
    def deco(fn):
        OPS[name] = fn
        return fn
    return deco


@register_op("gather")
def gather(x, *, axes, dim=0):
    axes = tuple(axes) if isinstance(axes, list) else axes
    return jax.lax.all_gather(x, axes, axis=dim, to="reduced", tiled=True)  # SF102


@register_op("abs")
def absolute(x):
    return jnp.abs(x)


PIPELINE = [
    {"op": "gather", "axes": "i"},
    {"op": "abs"},
    {"op": "gather", "axes": ["i", "j"], "dim": 1},
]


def compile_pipeline(steps):
    fns = [functools.partial(OPS[s["op"]], **{k: v for k, v in s.items() if k != "op"}) for s in steps]
    return lambda x: functools.reduce(lambda acc, fn: fn(acc), fns, x)


def main(mesh, x):
    run = jax.shard_map(compile_pipeline(PIPELINE), mesh=mesh, in_specs=P("i", "j"),
                        out_specs=P(None, None, reduced={"i", "j"}))
    return run(x)
