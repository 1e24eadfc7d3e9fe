"""Near miss of cm3: a second table takes the last step's dict and changes it in place
(`LATE["last"]["axes"] = "j"`), so the last gather is over 'j' alone and runs. A changed table
that holds another table's objects leaves the list not as written."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

OPS = {}
LATE = {}


def register_op(name):
    def deco(fn):
        OPS[name] = fn
        return fn
    return deco


@register_op("gather")
def gather(x, *, axes, dim=0):
    axes = tuple(axes) if isinstance(axes, list) else axes
    return jax.lax.all_gather(x, axes, axis=dim, to="reduced", tiled=True)


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
    LATE["last"] = PIPELINE[2]
    LATE["last"]["axes"] = "j"
    run = jax.shard_map(compile_pipeline(PIPELINE), mesh=mesh, in_specs=P("i", "j"),
                        out_specs=P(None, None, reduced={"i", "j"}))
    return run(x)
