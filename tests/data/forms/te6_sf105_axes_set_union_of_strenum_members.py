"""Axis sets built with set operators of StrEnum members (`set(axes) | {Axis.MODEL}`): members
hash and compare as their strs, so the union holds each name once; sorted, it is the
reduction's axes."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.StrEnum):
    DATA = enum.auto()
    MODEL = enum.auto()


def average_over(base: tuple[Axis, ...]) -> tuple[Axis, ...]:
    return tuple(sorted(set(base) | {Axis.MODEL}))


def make_body(axes):
    def body(x):
        total = jax.lax.psum(x, Axis.MODEL)
        return jax.lax.pmean(total, axes)  # SF105
    return body


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(x):
    axes = average_over((Axis.DATA, "model"))
    mesh = jax.make_mesh((2, 4), (Axis.DATA, Axis.MODEL))
    xd = jax.device_put(x, NamedSharding(mesh, P(Axis.DATA, Axis.MODEL)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P(Axis.DATA, Axis.MODEL), out_specs=P())(xd)


if __name__ == "__main__":
    main(*inputs())
