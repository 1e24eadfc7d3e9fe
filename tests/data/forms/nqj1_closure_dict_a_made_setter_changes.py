"""A maker's dict that a setter it made changes: once the maker has returned, whoever holds the
setter may change the dict before main runs (here the caller picks "data"), so main's axes are
not the ones the maker wrote."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _make_switch():
    state = {"axes": ("data", "model")}

    def get():
        return state["axes"]

    def put(axes):
        state["axes"] = axes
    return get, put


get_axes, use_axes = _make_switch()


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = get_axes()
    xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step(xs)
