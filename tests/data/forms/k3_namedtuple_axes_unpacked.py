from typing import NamedTuple

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


class Axes(NamedTuple):
    data: str = "i"
    model: str = "j"


AXES = Axes()


def body(x):
    data, model = AXES
    y = lax.all_gather(x, data, axis=0, tiled=True, to="reduced")
    return y, lax.all_gather(x, model, axis=1, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"),
                         out_specs=(P(reduced={"i"}), P("i", reduced={"j"})))(x)
