"""Axis names are members of an enum.StrEnum."""
import enum

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.StrEnum):
    DATA = enum.auto()
    MODEL = enum.auto()


def export_spec(keep):
    dims = [a if a == keep else None for a in Axis]
    return P(*dims)


def export(x):
    return top_level_all_gather(x, export_spec(Axis.MODEL))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return jax.jit(export)(x)


if __name__ == "__main__":
    main()
