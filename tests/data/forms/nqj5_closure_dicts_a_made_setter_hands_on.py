"""A maker's dicts that a setter it made changes by other routes: handed to a helper that stores
into its parameter, through another name, and by operator.setitem."""
import operator

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _fill(target, axes):
    target["axes"] = axes


def _make_switch():
    state = {"axes": ("data", "model")}
    other = {"axes": ("data", "model")}
    third = {"axes": ("data", "model")}

    def get():
        return state["axes"], other["axes"], third["axes"]

    def put(axes):
        _fill(state, axes)
        s = other
        s["axes"] = axes
        operator.setitem(third, "axes", axes)
    return get, put


get_axes, use_axes = _make_switch()


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a, b, c = get_axes()
    xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    step = jax.shard_map(lambda y: jax.lax.psum(y, a), mesh=mesh, in_specs=P("data", None), out_specs=P())
    step2 = jax.shard_map(lambda y: jax.lax.psum(y, b), mesh=mesh, in_specs=P("data", None), out_specs=P())
    step3 = jax.shard_map(lambda y: jax.lax.psum(y, c), mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step(xs), step2(xs), step3(xs)
