"""A maker's dict that no function it made changes: the getter reads what the maker wrote."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _make_getter():
    state = {"axes": ("data", "model")}
    seen = []

    def get():
        seen.append(1)  # (another cell changed: not the one read)
        return state["axes"]
    return get


get_axes = _make_getter()


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = get_axes()
    xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    step = jax.shard_map(lambda y: jax.lax.psum(y, chosen), mesh=mesh, in_specs=P("data", None), out_specs=P())  # SF105
    return step(xs)
