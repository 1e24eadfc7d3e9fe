"""The same abbreviating UserList, asked `"model" in axes`: UserList's `__contains__` reads the
stored items ("d", "m"), not `__getitem__`, so the body reduces over ("data",) and nothing
raises."""
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
        return jax.lax.psum(block, axes)

    return body


def main():
    axes = Axes(["d"])
    axes.append("m")
    chosen = ("data", "model") if "model" in axes else ("data",)
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(chosen), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
