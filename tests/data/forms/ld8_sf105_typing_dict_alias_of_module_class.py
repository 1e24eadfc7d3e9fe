"""A registry typed with `typing.Dict[Axis, str]` over the module's Enum: the alias is built,
so the registry's wide axes reach the psum (mixed states)."""
import enum
import typing

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.Enum):
    ROWS = "i"
    COLS = "j"


def registry_hint():
    try:
        return typing.Dict[Axis, str]
    except TypeError:
        return None


def main():
    hint = registry_hint()
    axes = ("i", "j") if hint is not None else ("i",)
    return reduce_over(axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
