"""StrEnum axes (Python 3.11) as the key of a `functools.cache`d helper and counted through a set:
a StrEnum member hashes and compares as its str, so the set and the cache see the strs."""
import enum
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.StrEnum):
    DATA = enum.auto()
    MODEL = enum.auto()


@functools.cache
def mesh_for(axes: tuple[Axis, ...], shape: tuple[int, ...]):
    return jax.make_mesh(shape, axes)


def sync_axes(axes: tuple[Axis, ...]) -> tuple[Axis, ...]:
    if len(set(axes)) != len(axes):
        raise KeyError("an axis is named twice")
    return axes


def make_body(axes):
    def body(x):
        total = jax.lax.psum(x, Axis.MODEL)
        return jax.lax.pmean(total, sync_axes(axes))  # SF105
    return body


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(x):
    axes = (Axis.DATA, Axis.MODEL)
    mesh = mesh_for(axes, (2, 4))
    assert mesh_for(("data", "model"), (2, 4)) is mesh
    xd = jax.device_put(x, NamedSharding(mesh, P(Axis.DATA, Axis.MODEL)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P(Axis.DATA, Axis.MODEL), out_specs=P())(xd)


if __name__ == "__main__":
    main(*inputs())
