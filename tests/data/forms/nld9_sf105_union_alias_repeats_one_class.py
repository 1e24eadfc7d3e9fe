"""A type alias `Union[Axis, Axis]` over the module's Enum: typing drops the repeated class and
gives Axis itself, not a union, so the config reader keeps the first axis alone (valid)."""
import enum
import typing
from typing import Tuple, Union

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.Enum):
    ROWS = "i"
    COLS = "j"


AxisSpec = Union[Axis, Axis]


def declared_axes(hint, wanted):
    if typing.get_origin(hint) is Union:
        return tuple(axis.value for axis in wanted)
    return (wanted[0].value,)


def main():
    axes = declared_axes(AxisSpec, (Axis.ROWS, Axis.COLS))
    return reduce_over(axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
