from typing import NamedTuple

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


class Axes(NamedTuple):
    data: str
    model: str


def body(x, w):
    axes = Axes("i", model="j")
    first = lax.all_gather(x, axes[0], axis=0, tiled=True, to="reduced")
    return first, lax.all_gather(w, tuple(axes), axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P()),
                         out_specs=(P(reduced={"i"}), P(reduced={"i", "j"})))(x, x)
