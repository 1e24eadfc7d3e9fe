from typing import NamedTuple

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


class Axes(NamedTuple):
    data: str = "i"
    model: str = "j"


AXES = Axes()


def body(x):
    for name in AXES:
        x = lax.all_gather(x, name, axis=0, tiled=True, to="reduced") if name == "i" else x
    return x


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
