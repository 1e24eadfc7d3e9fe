import unittest.mock

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MERGED = {"axes": ("i", "j"), "lr": 0.1}
ITEM_SET = {"axes": ("i", "j")}
THROUGH = {"axes": ("i", "j")}
PATCHED = {"axes": ("i", "j")}
NESTED = {"reduce": {"axes": ("i", "j")}, "lr": 0.1}


def merge_into(target, **overrides):
    target.update(overrides)


def set_axes(cfg, axes):
    cfg["axes"] = axes


def configure(cfg):
    merge_into(cfg, axes=("i",))  # a helper passing its parameter to a changer


def narrow(section):
    section["axes"] = section["axes"][:1]


def run(mesh, x):
    merge_into(MERGED, axes=("i",))
    set_axes(ITEM_SET, ("i",))
    configure(THROUGH)
    narrow(NESTED["reduce"])

    def body(v):
        s = jnp.sum(v, axis=0)
        a = jax.lax.psum(s, MERGED["axes"])  # none: a helper updates the dict it is given
        b = jax.lax.psum(s, ITEM_SET["axes"])  # none: a helper sets the item
        c = jax.lax.psum(s, THROUGH["axes"])  # none: through a second helper
        d = jax.lax.psum(s, NESTED["reduce"]["axes"])  # none: a helper changes the inner dict
        return a + b + c + d

    def body2(v):
        return jax.lax.psum(jnp.sum(v), PATCHED["axes"])  # none: mock.patch.dict changes it for the trace

    first = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    with unittest.mock.patch.dict(PATCHED, {"axes": ("i",)}):
        second = jax.shard_map(body2, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    return first, second
