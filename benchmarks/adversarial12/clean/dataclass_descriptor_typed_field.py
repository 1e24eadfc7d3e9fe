"""A descriptor-typed dataclass field: __init__'s store goes through the descriptor's __set__, which drops frozen axes."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import dataclasses

FROZEN_AXES = ("j",)


class Axes:
    def __set_name__(self, owner, name):
        self.key = "_" + name

    def __get__(self, obj, owner=None):
        if obj is None:
            return ("i",)
        return obj.__dict__[self.key]

    def __set__(self, obj, value):
        obj.__dict__[self.key] = tuple(a for a in value if a not in FROZEN_AXES)


@dataclasses.dataclass
class Cfg:
    sync_axes: Axes = Axes()


CFG = Cfg(sync_axes=("i", "j"))


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CFG.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
