"""The axis list is a UserList whose `__getitem__` expands abbreviations; UserList has no
`__iter__` of its own, so `tuple(axes)` walks it by index through that `__getitem__`: ("data",
"model"), over which the psum of a value varying on "data" only raises."""
import collections

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FULL = {"d": "data", "m": "model"}


class Axes(collections.UserList):
    def __getitem__(self, i):
        name = self.data[i]
        return FULL.get(name, name)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    axes = Axes(["d"])
    axes.append("m")
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(tuple(axes)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
